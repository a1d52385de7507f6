import { z } from 'zod';
import { TEMPLATE_IDS } from '../../shared/exams/exam.constants.ts';
import { copyExamInputSchema, createExamInputSchema, saveExamInputSchema } from '../../shared/exams/exams.schema.ts';
import { bulkProcedure } from '../bulk/bulk-routes.ts';
import type { ScreenProcedures } from '../domain.ts';
import { examsBulk } from './exams.bulk.ts';
import { router } from '../trpc/trpc.ts';
import * as exams from './exams.service.ts';
import * as ranks from './ranks.service.ts';
import * as regrades from './regrade.service.ts';
import { regradeApplyInputSchema, regradeDryRunInputSchema } from '../../shared/exams/regrade.schema.ts';
import * as keyReports from './key-reports.service.ts';
import { adminKeyReportsQuerySchema, resolveKeyReportsInputSchema } from '../../shared/exams/key-reports.schema.ts';
import { itemAnalysis } from './item-analysis.service.ts';

const byId = z.object({ id: z.string().min(1) });

export const examsRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.input(z.object({ templateId: z.enum(TEMPLATE_IDS).optional() }).optional()).query(({ ctx, input }) => exams.listExams(ctx, input)),
    get: procedure.input(byId).query(({ ctx, input }) => exams.getExam(ctx, input)),
    bulk: bulkProcedure(procedure, examsBulk),
    create: procedure.input(createExamInputSchema).mutation(({ ctx, input }) => exams.createExam(ctx, input)),
    copy: procedure.input(copyExamInputSchema).mutation(({ ctx, input }) => exams.copyExam(ctx, input)),
    save: procedure.input(byId.extend(saveExamInputSchema.shape)).mutation(({ ctx, input }) => exams.saveExam(ctx, input)),
    delete: procedure.input(byId).mutation(({ ctx, input }) => exams.deleteExam(ctx, input)),
    regradeDryRun: procedure.input(byId.extend(regradeDryRunInputSchema.shape)).mutation(({ ctx, input }) => regrades.regradeDryRun(ctx, input)),
    regrade: procedure.input(byId.extend(regradeApplyInputSchema.shape)).mutation(({ ctx, input }) => regrades.applyRegrade(ctx, input)),
    regrades: procedure.input(z.object({ examId: z.string().min(1) })).query(({ ctx, input }) => regrades.listRegrades(ctx, input)),
    analytics: procedure.input(byId).query(({ ctx, input }) => ranks.examAnalytics(ctx, { examId: input.id })),
    statistics: procedure.input(byId).query(({ ctx, input }) => ranks.examStatistics(ctx, { examId: input.id })),
    itemAnalysis: procedure.input(byId).query(({ ctx, input }) => itemAnalysis(ctx, { examId: input.id })),
    syncRanks: procedure.input(byId).mutation(({ ctx, input }) => ranks.syncExamRanks(ctx, { examId: input.id })),
    setRankStatus: procedure
      .input(byId.extend({ status: z.enum(['published', 'unpublished']) }))
      .mutation(({ ctx, input }) => ranks.setRankStatus(ctx, { examId: input.id, status: input.status })),
    keyReports: procedure
      .input(byId.extend(adminKeyReportsQuerySchema.shape))
      .query(({ ctx, input: { id, ...query } }) => keyReports.examReports(ctx, { ...query, examId: id })),
    keyReportCounts: procedure.input(byId).query(({ ctx, input }) => keyReports.examOpenReportCounts(ctx, { examId: input.id })),
    resolveKeyReports: procedure
      .input(z.object({ id: z.string().min(1), resolve: resolveKeyReportsInputSchema }))
      .mutation(({ ctx, input }) => keyReports.resolveReports(ctx, { ...input.resolve, examId: input.id })),
  });
