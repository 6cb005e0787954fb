import type { Language } from '@casebridge/shared/constants/languages';
import { escapeHtml } from '../../lib/html.ts';
import type { ActivityNotificationType } from './notifications.repository.ts';

/** Mails for users who chose `sendEmailOn…`, in their own language. */
const TEXTS: Record<ActivityNotificationType, Record<Language, { subject: (what: string) => string; intro: string; action: string }>> = {
  newProjectCreated: {
    en: { subject: (w) => `New order: ${w}`, intro: 'A lab sent you a new order on CaseBridge.', action: 'Open the orders' },
    de: {
      subject: (w) => `Neuer Auftrag: ${w}`,
      intro: 'Ein Labor hat Ihnen einen neuen Auftrag über CaseBridge gesendet.',
      action: 'Aufträge öffnen',
    },
    it: {
      subject: (w) => `Nuovo ordine: ${w}`,
      intro: 'Un laboratorio ti ha inviato un nuovo ordine su CaseBridge.',
      action: 'Apri gli ordini',
    },
    fr: {
      subject: (w) => `Nouvelle commande : ${w}`,
      intro: 'Un laboratoire vous a envoyé une nouvelle commande sur CaseBridge.',
      action: 'Ouvrir les commandes',
    },
    sp: {
      subject: (w) => `Nuevo pedido: ${w}`,
      intro: 'Un laboratorio le ha enviado un nuevo pedido en CaseBridge.',
      action: 'Abrir los pedidos',
    },
    pl: {
      subject: (w) => `Nowe zamówienie: ${w}`,
      intro: 'Laboratorium wysłało Ci nowe zamówienie w CaseBridge.',
      action: 'Otwórz zamówienia',
    },
  },
  newMessageReceived: {
    en: { subject: (w) => `New message: ${w}`, intro: 'You have a new message on CaseBridge:', action: 'Open the messages' },
    de: { subject: (w) => `Neue Nachricht: ${w}`, intro: 'Sie haben eine neue Nachricht in CaseBridge:', action: 'Nachrichten öffnen' },
    it: { subject: (w) => `Nuovo messaggio: ${w}`, intro: 'Hai un nuovo messaggio su CaseBridge:', action: 'Apri i messaggi' },
    fr: { subject: (w) => `Nouveau message : ${w}`, intro: 'Vous avez un nouveau message sur CaseBridge :', action: 'Ouvrir les messages' },
    sp: { subject: (w) => `Nuevo mensaje: ${w}`, intro: 'Tiene un nuevo mensaje en CaseBridge:', action: 'Abrir los mensajes' },
    pl: { subject: (w) => `Nowa wiadomość: ${w}`, intro: 'Masz nową wiadomość w CaseBridge:', action: 'Otwórz wiadomości' },
  },
};

export function renderNotificationMail(type: ActivityNotificationType, language: Language, what: string, link: string) {
  const t = TEXTS[type][language];
  const subject = t.subject(what.slice(0, 80));
  const text = `${t.intro}\n\n${what}\n\n${t.action}: ${link}\n\nCaseBridge`;
  const html = `<p>${escapeHtml(t.intro)}</p><blockquote>${escapeHtml(what)}</blockquote><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>CaseBridge</p>`;
  return { subject, text, html };
}
