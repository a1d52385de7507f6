import { createMeetingLinkInputSchema, meetingLinkIdSchema, updateMeetingLinkInputSchema } from '../../shared/meeting-links/meeting-links.schema.ts';
import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';
import * as meetingLinks from './meeting-links.service.ts';

export const meetingLinksRouter = ({ procedure }: ScreenProcedures) =>
  router({
    list: procedure.query(({ ctx }) => meetingLinks.listMeetingLinks(ctx)),
    create: procedure.input(createMeetingLinkInputSchema).mutation(({ ctx, input }) => meetingLinks.createMeetingLink(ctx, input)),
    update: procedure.input(updateMeetingLinkInputSchema).mutation(({ ctx, input }) => meetingLinks.updateMeetingLink(ctx, input)),
    toggle: procedure.input(meetingLinkIdSchema).mutation(({ ctx, input }) => meetingLinks.toggleMeetingLink(ctx, input)),
    delete: procedure.input(meetingLinkIdSchema).mutation(({ ctx, input }) => meetingLinks.deleteMeetingLink(ctx, input)),
  });
