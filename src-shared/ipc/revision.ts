// The one rule a state:delta carries beyond its shape, zod-free so the preload checks it
// without zod (src-main/preload/shape.ts names it; contract.ts refines StateDelta with it).

/** A delta moves the popup's state exactly one revision on. */
export const movesOneRevision = (delta: { from: number; to: number }): boolean => delta.to === delta.from + 1;
