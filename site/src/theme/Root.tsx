import type { ReactNode } from 'react';
import { AuthProvider } from '../auth/AuthProvider';

/** Gives every page the reader's sign-in state (the SDK itself loads only when needed). */
export default function Root({ children }: { children: ReactNode }): ReactNode {
  return <AuthProvider>{children}</AuthProvider>;
}
