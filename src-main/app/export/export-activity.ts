// The export channel's work: the path is the user's answer in the native dialog, never the page's.
import type { ExportRequest, ExportResult } from '../../../src-shared/domain/goals';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { AppError } from '../../ipc/errors';
import { words } from '../../../src-shared/i18n/messages';
import type { ExportLog } from '../activity/record';
import type { SaveFilePort, SaveFileRequest, SaveFileResult } from '../ports';
import { activityCsv, exportFileName } from './activity-csv';

interface ExportContext {
  /** Names through the server-text sanitizer. */
  counters: readonly CounterState[];
  logOf(counterId: string): ExportLog;
  groupOf?: (counterId: string) => string;
  timezone: string;
  now: number;
  saveFile: SaveFilePort | undefined;
  /** Why a write failed (the page is told only that it failed, not the path). */
  warn(message: string): void;
}

/** The page is told only that a write failed, the log why. */
export async function saveThrough(saveFile: SaveFilePort | undefined, request: SaveFileRequest, warn: (message: string) => void): Promise<SaveFileResult> {
  if (!saveFile) throw new AppError('export-unavailable', words('error.exportUnavailable'));
  try {
    return await saveFile.save(request);
  } catch (error) {
    warn(`export not saved: ${error instanceof Error ? error.message : String(error)}`);
    throw new AppError('export-failed', words('error.exportFailed'));
  }
}

export async function exportActivity(request: ExportRequest, ctx: ExportContext): Promise<ExportResult> {
  const chosen = request.scope === 'all' ? ctx.counters : ctx.counters.filter((c) => c.id === request.id);
  const single = request.scope === 'counter' ? chosen[0] : undefined;
  if (request.scope === 'counter' && !single) throw new AppError('unknown-counter', words('counter.gone'));
  const { text, rows } = activityCsv(chosen, ctx.logOf, ctx.timezone, ctx.groupOf);
  const saved = await saveThrough(
    ctx.saveFile,
    {
      title: single ? (i18n) => i18n.t('dialog.exportOne', { name: single.name }) : (i18n) => i18n.t('dialog.exportAll'),
      defaultFileName: exportFileName(single ? single.name : null, ctx.now, ctx.timezone),
      filter: { name: (i18n) => i18n.t('dialog.csvFilter'), extensions: ['csv'] },
      text,
    },
    ctx.warn,
  );
  return saved.status === 'saved' ? { status: 'saved', fileName: saved.fileName, rows } : { status: 'cancelled' };
}
