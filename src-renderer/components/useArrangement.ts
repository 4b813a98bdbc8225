import { useRef } from 'react';
import { arrangeList, rearranged, type Arranged, type ArrangeInput } from '../../src-shared/domain/arrange';

/**
 * The list's rows and group headers (domain/arrange.ts) for these inputs. A push that changes a
 * counter or two of thousands in nothing the arrangement reads keeps every row in its place and
 * swaps only those counters' objects (`rearranged`); one that changes nothing keeps the arrangement
 * itself. So a push costs no filter and sort of every counter; anything else arranges anew.
 */
export function useArrangement(input: ArrangeInput): Arranged {
  const last = useRef<{ input: ArrangeInput; arranged: Arranged } | null>(null);
  const was = last.current;
  const arranged = (was && rearranged(was.input, was.arranged, input)) ?? arrangeList(input);
  last.current = { input, arranged };
  return arranged;
}
