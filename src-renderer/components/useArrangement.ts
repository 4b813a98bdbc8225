import { useRef } from 'react';
import { arrangeList, rearranged, type Arranged, type ArrangeInput } from '../../src-shared/domain/arrange';

export function useArrangement(input: ArrangeInput): Arranged {
  const last = useRef<{ input: ArrangeInput; arranged: Arranged } | null>(null);
  const was = last.current;
  const arranged = (was && rearranged(was.input, was.arranged, input)) ?? arrangeList(input);
  last.current = { input, arranged };
  return arranged;
}
