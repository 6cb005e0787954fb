import { AppError } from '../../lib/app-error.ts';

/** tus sends an error with these two fields as it is: only our own refusals travel to the client. */
export class TusRefusal {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

export function refuse(status: number, code: string, message: string): TusRefusal {
  return new TusRefusal(status, JSON.stringify({ statusCode: status, code, message }));
}

/** Only our own refusals travel to the client; anything else is a fault whose text stays here. */
export async function refusingAppErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw refuse(error.statusCode, error.code, error.message);
    throw error;
  }
}

export const alreadyFinishing = () => refuse(409, 'CONFLICT', 'This upload is already being finished');
