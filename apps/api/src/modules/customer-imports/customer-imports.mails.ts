import type { Language } from '@casebridge/shared/constants/languages';
import { renderImportMail, type ImportMail, type ImportMailTexts } from '../../platform/imports/import-mail.ts';

export interface ImportResultMail extends ImportMail {
  total: number;
  success: number;
  duplicates: number;
  failed: number;
}

type Text = ImportMailTexts<ImportResultMail>;

/** The result of a customer import, in the language of the manager who started it. */
const TEXTS: Record<Language, Text> = {
  en: {
    subject: (f, ok) => (ok ? `Customer import finished: ${f}` : `Customer import stopped: ${f}`),
    counts: (m) => `${m.total} row(s) read: ${m.success} imported, ${m.duplicates} duplicate(s), ${m.failed} failed.`,
    stopped: 'The import stopped before the end of the file:',
    action: 'See the import log',
  },
  de: {
    subject: (f, ok) => (ok ? `Kundenimport abgeschlossen: ${f}` : `Kundenimport abgebrochen: ${f}`),
    counts: (m) => `${m.total} Zeile(n) gelesen: ${m.success} importiert, ${m.duplicates} Duplikat(e), ${m.failed} fehlerhaft.`,
    stopped: 'Der Import wurde vor dem Ende der Datei beendet:',
    action: 'Importprotokoll ansehen',
  },
  fr: {
    subject: (f, ok) => (ok ? `Import de clients terminé : ${f}` : `Import de clients interrompu : ${f}`),
    counts: (m) => `${m.total} ligne(s) lue(s) : ${m.success} importée(s), ${m.duplicates} doublon(s), ${m.failed} en erreur.`,
    stopped: "L'import s'est arrêté avant la fin du fichier :",
    action: "Voir le journal d'import",
  },
  sp: {
    subject: (f, ok) => (ok ? `Importación de clientes terminada: ${f}` : `Importación de clientes detenida: ${f}`),
    counts: (m) => `${m.total} fila(s) leída(s): ${m.success} importada(s), ${m.duplicates} duplicada(s), ${m.failed} con error.`,
    stopped: 'La importación se detuvo antes del final del archivo:',
    action: 'Ver el registro de importación',
  },
  it: {
    subject: (f, ok) => (ok ? `Importazione clienti completata: ${f}` : `Importazione clienti interrotta: ${f}`),
    counts: (m) => `${m.total} riga/e lette: ${m.success} importate, ${m.duplicates} duplicate, ${m.failed} con errori.`,
    stopped: "L'importazione si è fermata prima della fine del file:",
    action: "Vedi il registro dell'importazione",
  },
  pl: {
    subject: (f, ok) => (ok ? `Import klientów zakończony: ${f}` : `Import klientów przerwany: ${f}`),
    counts: (m) => `Odczytane wiersze: ${m.total}; zaimportowane: ${m.success}, duplikaty: ${m.duplicates}, błędne: ${m.failed}.`,
    stopped: 'Import zatrzymał się przed końcem pliku:',
    action: 'Zobacz dziennik importu',
  },
};

export function renderImportResultMail(language: Language, mail: ImportResultMail) {
  return renderImportMail(TEXTS[language], mail);
}
