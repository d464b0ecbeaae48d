import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Translate from '@docusaurus/Translate';
import { FieldError, invalidProps } from '../SignIn/Fields';
import { BreakAfter } from '../SignIn/BreakAfter';
import styles from './styles.module.css';
import forms from '../forms.module.css';

export interface Confirmation {
  /** The question, naming the person: "Suspend ana@…?" */
  title: string;
  /** What the change does, in plain words. */
  effect: string;
  /** The confirming button's words, naming the change. */
  confirm: string;
  /** A reason to write: its label, and the error shown when it is required and left empty. */
  reason?: { label: string; missing?: string };
  /** Makes the change with the reason written. */
  onConfirm(reason: string): Promise<void>;
}

/**
 * Asks before a change that signs someone out or cannot be taken back: a modal dialog (the
 * browser's own, so focus stays inside it, Escape cancels, and focus returns to the button that
 * opened it) naming the person and the effect. It opens on Cancel, so a second Enter changes
 * nothing; when a reason must be written, on that field (Enter there asks for the reason first).
 */
export default function ConfirmDialog({
  confirmation,
  onClose,
}: {
  confirmation: Confirmation | null;
  onClose(): void;
}): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const effectId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (confirmation && !element.open) {
      setReason('');
      setProblem(null);
      element.showModal();
      (confirmation.reason?.missing ? reasonField : cancel).current?.focus();
    } else if (!confirmation && element.open) element.close();
  }, [confirmation]);

  // The dialog closes before the change is made: closing gives focus back to the button that
  // opened it, and the outcome, shown where the admin acted, then takes it.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmation) return;
    const written = reason.trim();
    const missing = confirmation.reason?.missing;
    if (missing && !written) {
      setProblem(missing);
      document.getElementById(reasonId)?.focus();
      return;
    }
    dialog.current?.close();
    onClose();
    void confirmation.onConfirm(written);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={effectId}
      onClose={onClose}
    >
      {confirmation && (
        <form onSubmit={submit} className={forms.form} noValidate>
          <h2 id={titleId} className={styles.dialogTitle}>
            <BreakAfter text={confirmation.title} marks="@" />
          </h2>
          <p id={effectId}>
            <BreakAfter text={confirmation.effect} marks="@" />
          </p>
          {confirmation.reason && (
            <>
              <label htmlFor={reasonId}>{confirmation.reason.label}</label>
              <input
                ref={reasonField}
                id={reasonId}
                required={Boolean(confirmation.reason.missing)}
                maxLength={200}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...invalidProps(reasonId, problem)}
              />
              <FieldError id={reasonId} error={problem} />
            </>
          )}
          <div className={styles.dialogActions}>
            <button type="submit" className={`button ${styles.danger}`}>
              {confirmation.confirm}
            </button>
            <button ref={cancel} type="button" className="button button--secondary" onClick={onClose}>
              <Translate
                id="admin.confirm.cancel"
                description="Button that closes a confirmation without changing anything"
              >
                Cancel
              </Translate>
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
