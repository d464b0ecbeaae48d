import { useEffect, useState } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { search, type SearchHit } from './engine';

export type SearchState =
  { status: 'idle' | 'searching' | 'done'; hits: SearchHit[] } | { status: 'failed'; hits: SearchHit[] };

/** Results for a query, newest query wins; members' results only for a reader with access. */
export function useSearch(query: string, limit: number): SearchState & { includesMembers: boolean } {
  const { hasMembersAccess } = useAuth();
  const [state, setState] = useState<SearchState>({ status: 'idle', hits: [] });
  useEffect(() => {
    if (!query.trim()) {
      setState({ status: 'idle', hits: [] });
      return;
    }
    let isCurrent = true;
    setState((previous) => ({ status: 'searching', hits: previous.hits }));
    search(query, { includeMembers: hasMembersAccess, limit })
      .then((hits) => isCurrent && setState({ status: 'done', hits }))
      .catch((error: unknown) => {
        console.warn('Search failed.', error);
        if (isCurrent) setState({ status: 'failed', hits: [] });
      });
    return () => {
      isCurrent = false;
    };
  }, [query, limit, hasMembersAccess]);
  return { ...state, includesMembers: hasMembersAccess };
}
