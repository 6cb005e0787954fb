import { describe, expect, it } from 'vitest';
import type { ConfigurationType } from '@casebridge/shared/schemas/dealers';
import { CONFIGURATION_TYPES } from '@casebridge/shared/schemas/dealers';
import { forCall, resolveConfiguration, type Candidate, type ConfigDealer, type Loaded } from './dealer-configurations.rules.ts';

/**
 * ADR 0013 as a table: for every configuration type of the ticket's dealer and of its root, every
 * combination of the root's and the dealer's own-configuration and strict-mode permissions, and
 * content that loads or fails, which configuration the installer receives.
 */

function dealer(id: number, parentId: number | null, type: ConfigurationType, own: boolean, strict: boolean): ConfigDealer {
  return {
    id,
    dealerCode: id === 1 ? 'ROOT' : 'SUB',
    name: '',
    parentId,
    configurationType: type,
    ownConfigurationsAllowed: own,
    strictModeConfiguration: strict,
  };
}

/** Content by dealer: loads unless listed as failing (a DynamicUrl down, a file missing). */
function loader(failing: Set<number>) {
  return async (candidate: Candidate): Promise<Loaded> =>
    failing.has(candidate.dealer.id)
      ? { ok: false, reason: 'unavailable' }
      : { ok: true, value: { from: candidate.dealer.dealerCode, type: candidate.dealer.configurationType }, version: 'production' };
}

/** The expected answer, written out independently of the rules' own structure. */
function expectedSource(input: {
  subType: ConfigurationType;
  rootType: ConfigurationType;
  rootOwn: boolean;
  subOwn: boolean;
  subStrict: boolean;
  subFails: boolean;
  rootFails: boolean;
}): 'own' | 'root' | 'none' {
  const ownAllowed = input.rootOwn && input.subOwn;
  const strict = ownAllowed && input.subStrict;
  const ownYields = input.subType !== 'None' && !input.subFails;
  const rootYields = input.rootType !== 'None' && !input.rootFails;
  if (ownAllowed && ownYields) return 'own';
  if (strict) return 'none';
  return rootYields ? 'root' : 'none';
}

const bools = [false, true];
const cases = CONFIGURATION_TYPES.flatMap((subType) =>
  CONFIGURATION_TYPES.flatMap((rootType) =>
    bools.flatMap((rootOwn) =>
      bools.flatMap((subOwn) =>
        bools.flatMap((subStrict) =>
          bools.flatMap((subFails) => bools.map((rootFails) => ({ subType, rootType, rootOwn, subOwn, subStrict, subFails, rootFails }))),
        ),
      ),
    ),
  ),
);

describe('configuration resolution for a sub-dealer’s ticket', () => {
  it(`covers ${cases.length} combinations of type and permission`, () => {
    expect(cases.length).toBe(4 * 4 * 2 ** 5);
  });

  it.each(cases)(
    'sub $subType, root $rootType, root own $rootOwn, own $subOwn, strict $subStrict, sub fails $subFails, root fails $rootFails',
    async (c) => {
      const root = dealer(1, null, c.rootType, c.rootOwn, false);
      const sub = dealer(2, 1, c.subType, c.subOwn, c.subStrict);
      const failing = new Set([...(c.subFails ? [2] : []), ...(c.rootFails ? [1] : [])]);
      const result = await resolveConfiguration(sub, root, false, loader(failing));
      const want = expectedSource(c);
      expect(result.source).toBe(want);
      if (want === 'none') {
        expect(result.value).toBeNull();
        expect(result.dealer).toBeNull();
      } else {
        const from = want === 'own' ? sub : root;
        expect(result.dealer?.id).toBe(from.id);
        expect(result.configurationType).toBe(from.configurationType);
        expect(result.value).toEqual({ from: from.dealerCode, type: from.configurationType });
      }
      expect(result.reasons.length).toBeGreaterThan(0);
    },
  );
});

describe('configuration resolution for a root dealer’s ticket', () => {
  const rootCases = CONFIGURATION_TYPES.flatMap((type) =>
    bools.flatMap((own) => bools.flatMap((strict) => bools.map((fails) => ({ type, own, strict, fails })))),
  );
  it.each(rootCases)('root $type, own $own, strict $strict, fails $fails: its own configuration or none', async (c) => {
    const root = dealer(1, null, c.type, c.own, c.strict);
    const result = await resolveConfiguration(root, root, true, loader(new Set(c.fails ? [1] : [])));
    const yields = c.type !== 'None' && !c.fails;
    expect(result.source).toBe(yields ? 'own' : 'none');
    expect(result.value).toEqual(yields ? { from: 'ROOT', type: c.type } : null);
  });
});

describe('initial call and update', () => {
  it('lays the member for the call over the rest and drops the other', () => {
    const configuration = { products: { mandatory: 'a' }, level: 1, initialCall: { level: 2, wizard: true }, update: { level: 3 } };
    expect(forCall(configuration, true)).toEqual({ products: { mandatory: 'a' }, level: 2, wizard: true });
    expect(forCall(configuration, false)).toEqual({ products: { mandatory: 'a' }, level: 3 });
  });

  it('gives both calls the same configuration without those members, and leaves arrays and scalars alone', () => {
    expect(forCall({ a: 1 }, true)).toEqual({ a: 1 });
    expect(forCall({ a: 1 }, false)).toEqual({ a: 1 });
    expect(forCall([1, 2], true)).toEqual([1, 2]);
    expect(forCall('text', false)).toBe('text');
  });
});
