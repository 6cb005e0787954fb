import { z } from 'zod';
import type { Dealer, DealerBody } from '@casebridge/shared/schemas/dealers';
import { dealerBodySchema } from '@casebridge/shared/schemas/dealers';
import type { FieldWords } from '../../../lib/form-errors.ts';
import type { FieldPath } from '../../../lib/use-form.ts';

/** Who edits the dealer form: the platform manager, or a dealer user with its own dealer. */
export interface DealerFormContext {
  isManager: boolean;
  /** The signed-in dealer user's own dealer; null for the manager. */
  ownDealer: Dealer | null;
  userId: number;
  /** The rule book's actions the session lists: the manager's, or a dealer user's on its own dealer. */
  actions: readonly string[];
}

export interface DealerFormRules {
  dealerIdLocked: boolean;
  emailLocked: boolean;
  parentLocked: boolean;
  permissionsLocked: boolean;
  showConfiguration: boolean;
  saveDisabled: boolean;
}

/**
 * The locks and visibility of spec §5, for the dealer being edited (null: a new one). The server
 * checks the same locks; here they only keep a person from typing what would be refused.
 */
export function dealerFormRules(ctx: DealerFormContext, dealer: Dealer | null): DealerFormRules {
  const { isManager, ownDealer } = ctx;
  const existing = dealer !== null;
  return {
    dealerIdLocked: existing && !isManager,
    emailLocked: existing && !isManager,
    // A dealer user's new dealers go below its own dealer (its root exists); no dealer ever moves.
    parentLocked: existing || !isManager,
    // A dealer user cannot widen what its own (linked) dealer may do.
    permissionsLocked: !isManager && existing && dealer.id === ownDealer?.id,
    // Spec §5: where the caller's dealer may use own configurations (its root allowing them), or is a root
    // that may have sub-dealers; the server refuses to save a changed section elsewhere (`dealer.configure`).
    showConfiguration: ctx.actions.includes('dealer.configure'),
    // A new dealer goes below one's own dealer (the manager: anywhere): `dealer.create` there.
    saveDisabled: !existing && !ctx.actions.includes('dealer.create'),
  };
}

/** What the form holds: the request body with every optional text as a string. */
export type DealerValues = Omit<DealerBody, 'confirmEmailChange' | 'parentDealerId' | 'configuration'> & {
  parentDealerId: number | null;
  configuration: Omit<DealerBody['configuration'], 'fixedConfigJson' | 'dynamicConfigUrlPath' | 'componentBaseURL'> & {
    fixedConfigJson: string;
    dynamicConfigUrlPath: string;
    componentBaseURL: string;
  };
};

const blank = dealerBodySchema.parse({ dealerId: 'x', name: 'x' });

export function dealerToValues(dealer: Dealer | null, parentId: number | null): DealerValues {
  if (!dealer) {
    const { confirmEmailChange: _confirm, parentDealerId: _parent, configuration, ...rest } = blank;
    return {
      ...rest,
      dealerId: '',
      name: '',
      parentDealerId: parentId,
      configuration: { ...configuration, fixedConfigJson: '', dynamicConfigUrlPath: '', componentBaseURL: '' },
    };
  }
  const c = dealer.configuration;
  return {
    dealerId: dealer.dealerId,
    name: dealer.name,
    parentDealerId: dealer.parentDealerId,
    email: dealer.email,
    dealerContact: { ...dealer.dealerContact },
    supportContact: { ...dealer.supportContact, permissions: { ...dealer.supportContact.permissions } },
    salesContact: { ...dealer.salesContact },
    configuration: {
      configurationType: c.configurationType,
      fixedConfigJson: c.fixedConfigJson ?? '',
      dynamicConfigUrlPath: c.dynamicConfigUrlPath ?? '',
      componentBaseURL: c.componentBaseURL ?? '',
      permissions: { ...c.permissions },
    },
  };
}

/** Turning off own configurations turns off strict mode too (spec §4). */
export function withOwnConfigurations(values: DealerValues, allowed: boolean): DealerValues {
  const permissions = values.configuration.permissions;
  return {
    ...values,
    configuration: {
      ...values.configuration,
      permissions: {
        ...permissions,
        ownConfigurationsAllowed: allowed,
        strictModeConfiguration: allowed && permissions.strictModeConfiguration,
      },
    },
  };
}

export function valuesToBody(values: DealerValues, confirmEmailChange: boolean): DealerBody {
  const c = values.configuration;
  return {
    ...values,
    configuration: {
      ...c,
      // Only the input of the chosen type travels; the others stay empty.
      fixedConfigJson: c.configurationType === 'FixedJson' ? c.fixedConfigJson : null,
      dynamicConfigUrlPath: c.configurationType === 'DynamicUrl' ? c.dynamicConfigUrlPath.trim() : null,
      componentBaseURL: c.componentBaseURL.trim(),
    },
    confirmEmailChange,
  };
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The form's values piped into the shared request schema: the browser checks what the server checks. */
export const dealerFormSchema = z
  .custom<DealerValues>()
  .transform((values): z.input<typeof dealerBodySchema> => valuesToBody(values, false))
  .pipe(dealerBodySchema);

/** Spec §5's words for the shared rules of these fields (the Reseller Id's format, any malformed email). */
export const DEALER_WORDS: FieldWords = {
  dealerId: { required: 'dealers.errors.dealerIdRequired', format: 'dealers.errors.dealerIdFormat' },
  name: { required: 'dealers.errors.nameRequired' },
  email: { email: 'dealers.errors.emailInvalid' },
};

/** Spec §5's rules of the form that the request schema leaves to the server's service, in its words. */
export function dealerRules(values: DealerValues): Partial<Record<FieldPath<DealerValues>, string>> {
  const errors: Partial<Record<FieldPath<DealerValues>, string>> = {};
  const email = values.email.trim();
  // A root dealer (no parent) is reached by its own address.
  if (values.parentDealerId === null && (!email || !dealerBodySchema.shape.email.safeParse(email).success)) {
    errors.email = 'dealers.errors.emailRequired';
  }
  if (values.configuration.configurationType === 'FixedJson' && !parses(values.configuration.fixedConfigJson)) {
    errors['configuration.fixedConfigJson'] = 'dealers.errors.invalidJson';
  }
  return errors;
}
