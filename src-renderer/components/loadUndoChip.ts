// The undo chip's chunk (it carries the key names its tooltip spells "Ctrl+Z" / "⌘Z" with): the
// rows load it lazily, and the list asks for it as it mounts, so it is there by the first click.
export const loadUndoChip = () => import('./UndoChip').then((module) => ({ default: module.UndoChip }));
