import { z } from 'zod';
import { idSchema } from '../schemas/common.ts';
import { onboardingSchema } from '../schemas/mill-admin.ts';
import { commonRefusals, defineEndpoint } from './core.ts';

/** A new mill's first steps (the mill's welcome page). */
export const millOnboarding = defineEndpoint({
  method: 'GET',
  path: '/mills/:id/onboarding',
  summary: "A new mill's first steps and which are done",
  tags: ['mills'],
  access: 'mill.onboarding',
  params: z.object({ id: idSchema }),
  responses: { 200: onboardingSchema, ...commonRefusals },
});
