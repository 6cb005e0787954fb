import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import { landingPageDataSchema, millDetailSchema, publicMillSchema } from '../schemas/mill-admin.ts';
import { commonRefusals, defineEndpoint, uploadRefusals } from './core.ts';

/** A mill's public landing page: anyone reads it, the mill's administrators write it. */
const tags = ['mills'] as const;
const millParams = z.object({ id: idSchema });

export const getPublicMill = defineEndpoint({
  method: 'GET',
  path: '/mills/:id',
  summary: "A mill's public landing data",
  tags,
  access: 'public',
  params: millParams,
  responses: { 200: publicMillSchema, 400: commonRefusals[400], 404: commonRefusals[404] },
});

export const updateLandingPage = defineEndpoint({
  method: 'PUT',
  path: '/mills/:id',
  summary: 'Update the landing page (multipart: data JSON with landingPageHeader and landingPageContent, files.logo)',
  tags,
  access: 'mill.update',
  params: millParams,
  multipart: { file: 'logo', data: landingPageDataSchema },
  responses: { 200: millDetailSchema, ...uploadRefusals },
});
