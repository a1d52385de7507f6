import { defineDomain } from '../domain.ts';
import { assetsRouter } from './assets.router.ts';
import { assetsRoutes } from './assets.routes.ts';
import { resumableUploadRoutes } from './resumable.routes.ts';

/** Uploaded files: every editor's file widgets use them, so any console role may (each route says so). */
export const assetsDomain = defineDomain({ name: 'assets', screen: null, router: assetsRouter, routes: [assetsRoutes, resumableUploadRoutes] });
