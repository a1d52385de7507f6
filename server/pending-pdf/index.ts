import { defineDomain } from '../domain.ts';
import { pendingPdfRouter } from './pending-pdf.router.ts';
import { pendingPdfRoutes } from './pending-pdf.routes.ts';

/** The pending-PDF report: lectures whose PDF notes are missing. */
export const pendingPdfDomain = defineDomain({ name: 'pendingPdf', screen: 'pendingPdf', router: pendingPdfRouter, routes: [pendingPdfRoutes] });
