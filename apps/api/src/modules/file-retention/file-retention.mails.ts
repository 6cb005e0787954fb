import type { Language } from '@casebridge/shared/constants/languages';
import { escapeHtml } from '../../lib/html.ts';

export interface FilesExpiringMail {
  files: number;
  uploadedBefore: Date;
  deleteOn: Date;
  keepDays: number;
  /** Where the mill can choose a longer retention add-on. */
  link: string;
}

type Text = {
  subject: (deleteOn: string) => string;
  body: (files: number, before: string, deleteOn: string, days: number) => string;
  kept: string;
  action: string;
};

/** The warning a week before files go, in each staff member's own language. */
const TEXTS: Record<Language, Text> = {
  en: {
    subject: (d) => `Files will be deleted on ${d}`,
    body: (n, b, d, days) =>
      `${n} file(s) of your orders uploaded before ${b} will be deleted on ${d}: your contract keeps files for ${days} days.`,
    kept: 'Files of orders with a component that is still Open are kept. Download what you need before then, or choose a longer retention add-on.',
    action: 'Choose a retention add-on',
  },
  de: {
    subject: (d) => `Dateien werden am ${d} gelöscht`,
    body: (n, b, d, days) =>
      `${n} Datei(en) Ihrer Aufträge, hochgeladen vor dem ${b}, werden am ${d} gelöscht: Ihr Vertrag bewahrt Dateien ${days} Tage auf.`,
    kept: 'Dateien von Aufträgen mit einer noch offenen Komponente bleiben erhalten. Laden Sie herunter, was Sie brauchen, oder wählen Sie eine längere Aufbewahrung als Zusatzoption.',
    action: 'Aufbewahrung wählen',
  },
  it: {
    subject: (d) => `I file saranno eliminati il ${d}`,
    body: (n, b, d, days) =>
      `${n} file dei tuoi ordini caricati prima del ${b} saranno eliminati il ${d}: il tuo contratto conserva i file per ${days} giorni.`,
    kept: 'I file degli ordini con un componente ancora aperto vengono conservati. Scarica ciò che ti serve prima di allora, oppure scegli un componente aggiuntivo di conservazione più lunga.',
    action: 'Scegli la conservazione',
  },
  fr: {
    subject: (d) => `Des fichiers seront supprimés le ${d}`,
    body: (n, b, d, days) =>
      `${n} fichier(s) de vos commandes téléversés avant le ${b} seront supprimés le ${d} : votre contrat conserve les fichiers ${days} jours.`,
    kept: "Les fichiers des commandes dont un composant est encore ouvert sont conservés. Téléchargez ce dont vous avez besoin d'ici là, ou choisissez une option de conservation plus longue.",
    action: 'Choisir la conservation',
  },
  sp: {
    subject: (d) => `Se eliminarán archivos el ${d}`,
    body: (n, b, d, days) =>
      `${n} archivo(s) de sus pedidos subidos antes del ${b} se eliminarán el ${d}: su contrato conserva los archivos ${days} días.`,
    kept: 'Los archivos de pedidos con un componente todavía abierto se conservan. Descargue lo que necesite antes, o elija un complemento de conservación más larga.',
    action: 'Elegir la conservación',
  },
  pl: {
    subject: (d) => `Pliki zostaną usunięte ${d}`,
    body: (n, b, d, days) =>
      `Pliki Twoich zamówień przesłane przed ${b} (${n}) zostaną usunięte ${d}: Twoja umowa przechowuje pliki przez ${days} dni.`,
    kept: 'Pliki zamówień z komponentem wciąż otwartym są zachowywane. Pobierz to, czego potrzebujesz, albo wybierz dodatek z dłuższym przechowywaniem.',
    action: 'Wybierz przechowywanie',
  },
};

/** Spec §9: dates as DD.MM.YYYY; the job's days are UTC days. */
function day(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

export function renderFilesExpiringMail(language: Language, mail: FilesExpiringMail) {
  const t = TEXTS[language];
  const deleteOn = day(mail.deleteOn);
  const body = t.body(mail.files, day(mail.uploadedBefore), deleteOn, mail.keepDays);
  const text = `${body}\n\n${t.kept}\n\n${t.action}: ${mail.link}\n\nCaseBridge`;
  const html = `<p>${escapeHtml(body)}</p><p>${escapeHtml(t.kept)}</p><p><a href="${escapeHtml(mail.link)}">${escapeHtml(t.action)}</a></p><p>CaseBridge</p>`;
  return { subject: t.subject(deleteOn), text, html };
}
