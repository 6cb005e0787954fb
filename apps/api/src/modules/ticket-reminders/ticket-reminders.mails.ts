import type { Language } from '@casebridge/shared/constants/languages';
import type { ReminderTicket, ReminderStage } from '@casebridge/shared/schemas/ticket-reminders';
import { escapeHtml } from '../../lib/html.ts';

/** A mail lists this many tickets per stage; the rest are counted and found on the ticket desk. */
export const MAIL_TICKETS_PER_STAGE = 50;

export interface ReminderDigestMail {
  firstName: string;
  stages: Record<ReminderStage, { count: number; tickets: ReminderTicket[] }>;
  leadDays: number;
  /** The ticket desk. */
  deskLink: string;
  /** The dealer settings, where the reminders are changed or turned off. */
  settingsLink: string;
}

type Text = {
  subject: (total: number) => string;
  greeting: (name: string) => string;
  intro: string;
  stage: Record<ReminderStage, (count: number, days: number) => string>;
  more: (count: number) => string;
  expires: string;
  action: string;
  settings: string;
};

/** The digest in each dealer user's own language. */
const TEXTS: Record<Language, Text> = {
  en: {
    subject: (n) => `Licence tickets need your attention (${n})`,
    greeting: (n) => `Hello ${n},`,
    intro: 'here is your reminder about the licence tickets of your dealer network.',
    stage: {
      upcoming: (n, d) => `Expiring within ${d} days (${n})`,
      expired: (n) => `Expired (${n})`,
      overdue: (n) => `Still expired a week later, not renewed (${n})`,
    },
    more: (n) => `… and ${n} more on the ticket desk.`,
    expires: 'expires',
    action: 'Open the ticket desk',
    settings: 'Change how often you get this reminder, or turn it off, in your settings',
  },
  de: {
    subject: (n) => `Lizenztickets brauchen Ihre Aufmerksamkeit (${n})`,
    greeting: (n) => `Hallo ${n},`,
    intro: 'hier ist Ihre Erinnerung an die Lizenztickets Ihres Händlernetzes.',
    stage: {
      upcoming: (n, d) => `Laufen in den nächsten ${d} Tagen ab (${n})`,
      expired: (n) => `Abgelaufen (${n})`,
      overdue: (n) => `Eine Woche später noch abgelaufen, nicht verlängert (${n})`,
    },
    more: (n) => `… und ${n} weitere im Ticket-Bereich.`,
    expires: 'läuft ab',
    action: 'Tickets öffnen',
    settings: 'Wie oft Sie diese Erinnerung erhalten oder ob überhaupt, ändern Sie in Ihren Einstellungen',
  },
  it: {
    subject: (n) => `Ticket di licenza da controllare (${n})`,
    greeting: (n) => `Ciao ${n},`,
    intro: 'ecco il promemoria sui ticket di licenza della tua rete di rivenditori.',
    stage: {
      upcoming: (n, d) => `In scadenza entro ${d} giorni (${n})`,
      expired: (n) => `Scaduti (${n})`,
      overdue: (n) => `Ancora scaduti dopo una settimana, non rinnovati (${n})`,
    },
    more: (n) => `… e altri ${n} nella pagina dei ticket.`,
    expires: 'scade il',
    action: 'Apri i ticket',
    settings: 'Cambia la frequenza di questo promemoria, o disattivalo, nelle tue impostazioni',
  },
  fr: {
    subject: (n) => `Des tickets de licence demandent votre attention (${n})`,
    greeting: (n) => `Bonjour ${n},`,
    intro: 'voici votre rappel concernant les tickets de licence de votre réseau de revendeurs.',
    stage: {
      upcoming: (n, d) => `Expirent dans les ${d} jours (${n})`,
      expired: (n) => `Expirés (${n})`,
      overdue: (n) => `Toujours expirés une semaine plus tard, non renouvelés (${n})`,
    },
    more: (n) => `… et ${n} autres sur la page des tickets.`,
    expires: 'expire le',
    action: 'Ouvrir les tickets',
    settings: 'Modifiez la fréquence de ce rappel, ou désactivez-le, dans vos paramètres',
  },
  sp: {
    subject: (n) => `Tickets de licencia que requieren su atención (${n})`,
    greeting: (n) => `Hola ${n}:`,
    intro: 'este es su recordatorio sobre los tickets de licencia de su red de distribuidores.',
    stage: {
      upcoming: (n, d) => `Caducan en los próximos ${d} días (${n})`,
      expired: (n) => `Caducados (${n})`,
      overdue: (n) => `Siguen caducados una semana después, sin renovar (${n})`,
    },
    more: (n) => `… y ${n} más en la página de tickets.`,
    expires: 'caduca el',
    action: 'Abrir los tickets',
    settings: 'Cambie la frecuencia de este recordatorio, o desactívelo, en su configuración',
  },
  pl: {
    subject: (n) => `Bilety licencyjne wymagają uwagi (${n})`,
    greeting: (n) => `Witaj ${n},`,
    intro: 'oto przypomnienie o biletach licencyjnych Twojej sieci dealerów.',
    stage: {
      upcoming: (n, d) => `Wygasają w ciągu ${d} dni (${n})`,
      expired: (n) => `Wygasłe (${n})`,
      overdue: (n) => `Nadal wygasłe tydzień później, nieodnowione (${n})`,
    },
    more: (n) => `… i ${n} więcej na stronie biletów.`,
    expires: 'wygasa',
    action: 'Otwórz bilety',
    settings: 'Zmień częstotliwość tego przypomnienia lub je wyłącz w swoich ustawieniach',
  },
};

/** Spec §9: dates as DD.MM.YYYY; expiry days are UTC days. */
function day(iso: string): string {
  const [year, month, date] = iso.split('-');
  return `${date}.${month}.${year}`;
}

const STAGE_ORDER: ReminderStage[] = ['overdue', 'expired', 'upcoming'];

export function renderReminderDigestMail(language: Language, mail: ReminderDigestMail) {
  const t = TEXTS[language];
  const total = STAGE_ORDER.reduce((sum, stage) => sum + mail.stages[stage].count, 0);
  const sections = STAGE_ORDER.filter((stage) => mail.stages[stage].count > 0).map((stage) => {
    const { count, tickets } = mail.stages[stage];
    const shown = tickets.slice(0, MAIL_TICKETS_PER_STAGE);
    const lines = shown.map(
      (ticket) => `${ticket.key} · ${ticket.product || '–'} · ${ticket.dealerName} · ${t.expires} ${day(ticket.licenceExpiry)}`,
    );
    const rest = count - shown.length;
    return { title: t.stage[stage](count, mail.leadDays), lines, more: rest > 0 ? t.more(rest) : null };
  });
  const text = [
    t.greeting(mail.firstName),
    t.intro,
    ...sections.map((s) => [s.title, ...s.lines.map((line) => `- ${line}`), ...(s.more ? [s.more] : [])].join('\n')),
    `${t.action}: ${mail.deskLink}`,
    `${t.settings}: ${mail.settingsLink}`,
    'CaseBridge',
  ].join('\n\n');
  const html = [
    `<p>${escapeHtml(t.greeting(mail.firstName))}</p>`,
    `<p>${escapeHtml(t.intro)}</p>`,
    ...sections.map(
      (s) =>
        `<h3>${escapeHtml(s.title)}</h3><ul>${s.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${s.more ? `<p>${escapeHtml(s.more)}</p>` : ''}`,
    ),
    `<p><a href="${escapeHtml(mail.deskLink)}">${escapeHtml(t.action)}</a></p>`,
    `<p><a href="${escapeHtml(mail.settingsLink)}">${escapeHtml(t.settings)}</a></p>`,
    '<p>CaseBridge</p>',
  ].join('');
  return { subject: t.subject(total), text, html };
}
