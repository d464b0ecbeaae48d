import { useEffect, useState } from 'react';
import { useAuth } from '../auth/AuthProvider';
import { search, type SearchHit } from './engine';

export type SearchState =
  { status: 'idle' | 'searching' | 'done'; hits: SearchHit[] } | { status: 'failed'; hits: SearchHit[] };

/** An answer of the engine, with the search it answers. */
interface Answer {
  key: string;
  status: 'done' | 'failed';
  hits: SearchHit[];
}

/**
 * Results for a query, newest query wins; members' results only for a reader with access. An
 * answer counts as done only for the search it answers: while a new query runs, the previous
 * hits stay on screen as 'searching', never labelled with the new query.
 */
export function useSearch(query: string, limit: number): SearchState & { includesMembers: boolean } {
  const { hasMembersAccess } = useAuth();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = JSON.stringify([query, limit, hasMembersAccess]);
  useEffect(() => {
    if (!query.trim()) {
      setAnswer(null);
      return;
    }
    let isCurrent = true;
    search(query, { includeMembers: hasMembersAccess, limit })
      .then((hits) => isCurrent && setAnswer({ key, status: 'done', hits }))
      .catch((error: unknown) => {
        console.warn('Search failed.', error);
        if (isCurrent) setAnswer({ key, status: 'failed', hits: [] });
      });
    return () => {
      isCurrent = false;
    };
  }, [key, query, limit, hasMembersAccess]);
  const includesMembers = hasMembersAccess;
  if (!query.trim()) return { status: 'idle', hits: [], includesMembers };
  if (answer?.key !== key) return { status: 'searching', hits: answer?.hits ?? [], includesMembers };
  return { status: answer.status, hits: answer.hits, includesMembers };
}
