import { createContext } from 'react';

/** The heading a blog list page needs above its posts; null on every other blog page. */
export const ListHeadingContext = createContext<string | null>(null);
