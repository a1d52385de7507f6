import path from 'node:path';
import { renderPdfPages } from './pdf-pages.ts';
import { progressWriter, setProcessState } from './processing-state.ts';
import type { AssetRow } from '../../server/db/types.ts';
import type { WorkerDeps } from '../deps.ts';
import { ensureDir, fetchOriginal, listFiles, newOutputPrefix, removeOtherVersions, uploadFolder, withWorkspace } from './workspace.ts';
import { markItemReady } from '../../server/queue/queue.repository.ts';
import { markAssetReady } from '../../server/queue/asset-state.repository.ts';

/**
 * Renders every page of an uploaded PDF to a PNG (pdf2pic: GraphicsMagick and
 * Ghostscript with -dSAFER), stores them under a fresh versioned prefix, and only then
 * marks the PDF converted.
 */
export async function processPdf(deps: WorkerDeps, asset: AssetRow, signal: AbortSignal): Promise<void> {
  const { db, storage } = deps;
  await setProcessState(db, asset.id, 'preparing', { total: 1, loaded: 1 });
  await withWorkspace(async (dir) => {
    const input = await fetchOriginal(db, storage, asset, dir, signal);
    const pagesDir = await ensureDir(path.join(dir, 'pages'));
    const processing = progressWriter(db, asset.id, 'processing');
    processing.report({ total: 1, loaded: 0 });
    const { pageCount } = await renderPdfPages({
      input,
      outDir: pagesDir,
      signal,
      onProgress: (progress) => processing.report(progress),
    });
    processing.report({ total: pageCount, loaded: pageCount });
    await processing.flush();

    const prefix = newOutputPrefix(asset.id);
    const files = await listFiles(pagesDir);
    const total = files.reduce((sum, f) => sum + f.size, 0);
    const uploading = progressWriter(db, asset.id, 'uploading');
    uploading.report({ total, loaded: 0 });
    await uploadFolder(storage, pagesDir, `${prefix}pages/`, { signal, onProgress: (loaded) => uploading.report({ total, loaded }) });
    await uploading.flush();

    await db.transaction().execute(async (trx) => {
      await markAssetReady(trx, asset.id, { kind: 'pdf', outputPrefix: prefix, pageCount });
      await markItemReady(trx, asset.id);
    });
    await removeOtherVersions(storage, asset.id, prefix);
  });
}
