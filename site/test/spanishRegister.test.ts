import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type SpanishText, spanishJsonFiles, spanishMarkdownFiles, spanishMessages, spanishProse } from './spanishText';

/**
 * The Spanish site addresses the reader as *usted*: the manual, the blog and every interface string.
 * These words only exist in the *tú* register (or, for "déle", are a misspelling of *dele*), so any
 * of them outside code is a slip. Forms that are also third-person or usted forms ("inicia", "busca",
 * "vuelve") are not listed here; see TU_IMPERATIVES for where those are caught.
 */
export const TU_FORMS =
  /(?<![\p{L}\p{N}_])(tienes|puedes|debes|necesitas|quieres|eres|estás|verás|sabes|iniciaste|cerraste|definiste|olvidaste|buscabas|habías|vuelvas|tengas|puedas|tu|tus|te|ti|contigo|asegúrate|anótalo|cópiala|cópialo|actívalo|agrégalo|inténtalo|complétalo|defínela|ingrésalo|ábrelo|ábrela|revísalo|comunícate|contáctanos|escríbenos|visítanos|infórmale|regístrate|déle)(?![\p{L}\p{N}_])/giu;

/**
 * *Tú* imperatives that are spelled like third-person verbs ("El sensor inicia…" is fine, "Inicia
 * sesión" is not). An interface string is an instruction when it opens with one, or with one right
 * after a sentence ends; the manual's lists often open with a third-person verb whose subject is the
 * component ("Lee los eventos…"), so this check covers the interface strings only. "Vuelve a
 * intentarlo" and "vuelve a iniciar sesión" are instructions wherever they stand.
 */
export const TU_IMPERATIVES =
  /(?:(?<=^|[.!?;:…]\s+|[¿¡«"])(?:Inicia|Busca|Vuelve|Cierra|Intenta|Revisa|Espera|Ingresa|Permite|Avisa|Contacta|Prueba|Termina|Conoce|Explora|Lee|Instala|Opera|Usa|Restablece|Consulta|Trabaja|Abre|Elige|Escribe|Selecciona|Haz|Pon|Recuerda|Verifica|Comprueba|Descarga|Copia|Guarda|Agrega|Añade|Elimina|Cambia|Activa|Actualiza|Configura|Crea|Edita|Envía|Confirma|Acepta|Continúa|Sigue|Mira|Visita|Entra|Accede|Lleva)(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])vuelve a (?:intentarlo|iniciar sesión))/gu;

function slips(texts: SpanishText[], pattern: RegExp): string[] {
  return texts.flatMap(({ text, at }) => [...text.matchAll(pattern)].map((m) => `${at(m.index ?? 0)}: ${m[0]}`));
}

describe('Spanish register', () => {
  it('covers the whole Spanish manual, the blog and every interface translation', () => {
    assert.ok(spanishMarkdownFiles.length >= 44);
    const names = spanishJsonFiles.map((file) => file.replace(/\\/g, '/'));
    for (const file of [
      'i18n/es/code.json',
      'i18n/es/docusaurus-theme-classic/navbar.json',
      'i18n/es/docusaurus-theme-classic/footer.json',
      'i18n/es/docusaurus-plugin-content-docs/current.json',
      'i18n/es/docusaurus-plugin-content-blog/options.json',
    ]) {
      assert.ok(
        names.some((name) => name.endsWith(file)),
        file,
      );
    }
    assert.ok(spanishMessages().length >= 200);
  });

  it('the manual and the blog use usted throughout', () => {
    assert.deepEqual(slips(spanishProse(), TU_FORMS), []);
  });

  it('every interface string uses usted', () => {
    assert.deepEqual(slips(spanishMessages(), TU_FORMS), []);
  });

  it('no interface string gives a tú instruction', () => {
    assert.deepEqual(slips(spanishMessages(), TU_IMPERATIVES), []);
  });

  it('the register patterns catch the forms they are meant to', () => {
    const tu = ['Inicia sesión en tu cuenta.', '¿Olvidaste tu contraseña?', 'No tienes permiso.', 'Visítanos'];
    const usted = ['Inicie sesión en su cuenta.', '¿Olvidó su contraseña?', 'No tiene permiso.', 'Visítenos'];
    for (const text of tu) assert.ok(new RegExp(TU_FORMS).test(text) || new RegExp(TU_IMPERATIVES).test(text), text);
    for (const text of usted) {
      assert.ok(!new RegExp(TU_FORMS).test(text) && !new RegExp(TU_IMPERATIVES).test(text), text);
    }
    // Third-person verbs inside a sentence are not instructions.
    assert.ok(!new RegExp(TU_IMPERATIVES).test('El sensor inicia la captura y vuelve a conectarse.'));
  });

  it('every interface string quotes with «», never with straight or curly double quotes', () => {
    const quoted = spanishMessages().filter(({ text }) => /["“”]/.test(text));
    assert.deepEqual(
      quoted.map(({ where, text }) => `${where}: ${text}`),
      [],
    );
    assert.ok(spanishMessages().filter(({ text }) => /«[^»]+»/.test(text)).length >= 3);
  });
});
