import { z } from 'zod';
import { consoleProcedure, router } from '../trpc/trpc.ts';
import * as assets from './assets.service.ts';

const byId = z.object({ id: z.uuid({ error: 'File not found' }) });

/** The file widgets' calls (uploads themselves go through REST multipart, for progress). */
export const assetsRouter = router({
  get: consoleProcedure.input(byId).query(({ ctx, input }) => assets.getAsset(ctx, { assetId: input.id })),
  /** The largest file of each kind in bytes, so the file widgets can refuse one before sending it. */
  uploadLimits: consoleProcedure.query(({ ctx }) => assets.getUploadLimits(ctx)),
  fileMissing: consoleProcedure.input(byId).query(({ ctx, input }) => assets.isFileMissing(ctx, { assetId: input.id })),
  signedUrl: consoleProcedure.input(byId).query(({ ctx, input }) => assets.signedUrl(ctx, { assetId: input.id })),
  delete: consoleProcedure.input(byId).mutation(({ ctx, input }) => assets.deleteAsset(ctx, { assetId: input.id })),
});
