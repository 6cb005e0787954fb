import type { Language } from '@casebridge/shared/constants/languages';
import { renderImportMail, type ImportMail, type ImportMailTexts } from '../../platform/imports/import-mail.ts';

export interface TicketImportMail extends ImportMail {
  total: number;
  created: number;
  updated: number;
  failed: number;
}

type Text = ImportMailTexts<TicketImportMail>;

/** The summary of a ticket import, in the language of the manager who started it. */
const TEXTS: Record<Language, Text> = {
  en: {
    subject: (f, ok) => (ok ? `Ticket import finished: ${f}` : `Ticket import stopped: ${f}`),
    counts: (m) => `${m.total} ticket(s) read: ${m.created} created, ${m.updated} updated, ${m.failed} failed.`,
    stopped: 'The import stopped before the end of the file:',
    action: 'See the import log',
  },
  de: {
    subject: (f, ok) => (ok ? `Ticketimport abgeschlossen: ${f}` : `Ticketimport abgebrochen: ${f}`),
    counts: (m) => `${m.total} Ticket(s) gelesen: ${m.created} angelegt, ${m.updated} aktualisiert, ${m.failed} fehlerhaft.`,
    stopped: 'Der Import wurde vor dem Ende der Datei beendet:',
    action: 'Importprotokoll ansehen',
  },
  fr: {
    subject: (f, ok) => (ok ? `Import de tickets terminé : ${f}` : `Import de tickets interrompu : ${f}`),
    counts: (m) => `${m.total} ticket(s) lu(s) : ${m.created} créé(s), ${m.updated} mis à jour, ${m.failed} en erreur.`,
    stopped: "L'import s'est arrêté avant la fin du fichier :",
    action: "Voir le journal d'import",
  },
  sp: {
    subject: (f, ok) => (ok ? `Importación de tickets terminada: ${f}` : `Importación de tickets detenida: ${f}`),
    counts: (m) => `${m.total} ticket(s) leído(s): ${m.created} creado(s), ${m.updated} actualizado(s), ${m.failed} con error.`,
    stopped: 'La importación se detuvo antes del final del archivo:',
    action: 'Ver el registro de importación',
  },
  it: {
    subject: (f, ok) => (ok ? `Importazione ticket completata: ${f}` : `Importazione ticket interrotta: ${f}`),
    counts: (m) => `${m.total} ticket letti: ${m.created} creati, ${m.updated} aggiornati, ${m.failed} con errori.`,
    stopped: "L'importazione si è fermata prima della fine del file:",
    action: "Vedi il registro dell'importazione",
  },
  pl: {
    subject: (f, ok) => (ok ? `Import biletów licencyjnych zakończony: ${f}` : `Import biletów licencyjnych przerwany: ${f}`),
    counts: (m) => `Odczytane bilety: ${m.total}; utworzone: ${m.created}, zaktualizowane: ${m.updated}, błędne: ${m.failed}.`,
    stopped: 'Import zatrzymał się przed końcem pliku:',
    action: 'Zobacz dziennik importu',
  },
};

export function renderTicketImportMail(language: Language, mail: TicketImportMail) {
  return renderImportMail(TEXTS[language], mail);
}
