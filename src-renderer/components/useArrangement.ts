import { useRef } from 'react';
import { arrangeList, rearranged, type Arranged, type ArrangeInput } from '../../src-shared/domain/arrange';

/**
 * The list's rows and headers (domain/arrange.ts). A push that changes nothing the arrangement reads
 * keeps every row in place and swaps only the changed counters' objects, so it costs no filter and sort.
 */
export function useArrangement(input: ArrangeInput): Arranged {
  const last = useRef<{ input: ArrangeInput; arranged: Arranged } | null>(null);
  const was = last.current;
  const arranged = (was && rearranged(was.input, was.arranged, input)) ?? arrangeList(input);
  last.current = { input, arranged };
  return arranged;
}
