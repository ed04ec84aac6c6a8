import { useState } from 'react';

/**
 * A number that moves on with each new answer (a new object, even an equal one), to key what starts
 * afresh with it: the virtual table reloads its rows and the selection is cleared.
 */
export function useAnswerKey(answer: unknown): number {
  const [seen, setSeen] = useState({ answer, key: 0 });
  if (seen.answer === answer) return seen.key;
  setSeen({ answer, key: seen.key + 1 });
  return seen.key + 1;
}
