import type { policyDocuments } from '../schema/policies.ts';

/** Placeholder policy texts for the demo; an operator publishes the real ones. */
export const POLICY_TEXTS: (typeof policyDocuments.$inferInsert)[] = [
  {
    kind: 'terms-of-service',
    language: 'en',
    title: 'Terms of service',
    contentHtml:
      '<h1>Terms of service</h1><p>These demo terms govern the use of CaseBridge by milling centres and dental ' +
      'labs. Orders, files and messages stay the property of the parties that exchange them.</p><p>Version 1 ' +
      '(demo).</p>',
  },
  {
    kind: 'terms-of-service',
    language: 'de',
    title: 'Nutzungsbedingungen',
    contentHtml:
      '<h1>Nutzungsbedingungen</h1><p>Diese Demo-Bedingungen regeln die Nutzung von CaseBridge durch Fräszentren ' +
      'und Dentallabore. Aufträge, Dateien und Nachrichten bleiben Eigentum der Parteien, die sie austauschen.</p><p>Version ' +
      '1 (Demo).</p>',
  },
  {
    kind: 'data-processing',
    language: 'en',
    title: 'Data processing agreement',
    contentHtml:
      '<h1>Data processing agreement</h1><p>CaseBridge processes personal data in patient cases only on behalf ' +
      'of and as instructed by the mill and the lab (Art. 28 GDPR).</p><p>Version 1 (demo).</p>',
  },
  {
    kind: 'data-processing',
    language: 'de',
    title: 'Auftragsverarbeitungsvertrag',
    contentHtml:
      '<h1>Auftragsverarbeitungsvertrag</h1><p>CaseBridge verarbeitet personenbezogene Daten in Patientenfällen ' +
      'nur im Auftrag und nach Weisung des Fräszentrums und des Labors (Art. 28 DSGVO).</p><p>Version 1 (Demo).</p>',
  },
];
