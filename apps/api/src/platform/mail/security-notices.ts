import type { Language } from '@casebridge/shared/constants/languages';
import { escapeHtml } from '../../lib/html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * A change to how an account signs in, told to its owner by mail (ASVS 5.0 6.3.7): if it was not
 * them, the mail is how they learn that someone else holds their account. It carries no link that
 * acts (a notice must not become a phishing template); it names the portal's address to go to.
 */
export type SecurityChange = 'passwordChanged' | 'emailChanged' | 'secondFactorOn' | 'secondFactorOff' | 'secondFactorReset';

interface NoticeText {
  subject: string;
  /** A sign-in from a device the account had not used (ASVS 5.0 6.3.5): a mail of its own, with where from. */
  newDevice: { subject: string; says: string };
  greeting: (name: string) => string;
  changes: Record<SecurityChange, string>;
  notYou: string;
}

const TEXTS: Record<Language, NoticeText> = {
  en: {
    subject: 'A security change on your CaseBridge account',
    greeting: (n) => `Hello ${n},`,
    changes: {
      passwordChanged: 'the password of your CaseBridge account was changed.',
      emailChanged: 'the email address of your CaseBridge account was changed; this address no longer signs in.',
      secondFactorOn: 'two-factor sign-in was turned on for your CaseBridge account.',
      secondFactorOff: 'two-factor sign-in was turned off for your CaseBridge account.',
      secondFactorReset:
        'an administrator reset the two-factor sign-in of your CaseBridge account; you set it up again at your next sign-in.',
    },
    newDevice: {
      subject: 'A new sign-in to your CaseBridge account',
      says: 'your CaseBridge account was just signed in to from a device it had not used before:',
    },
    notYou: 'If this was not you, reset your password at once and tell your administrator. Go to',
  },
  de: {
    subject: 'Eine Sicherheitsänderung an Ihrem CaseBridge-Konto',
    greeting: (n) => `Hallo ${n},`,
    changes: {
      passwordChanged: 'das Passwort Ihres CaseBridge-Kontos wurde geändert.',
      emailChanged: 'die E-Mail-Adresse Ihres CaseBridge-Kontos wurde geändert; mit dieser Adresse melden Sie sich nicht mehr an.',
      secondFactorOn: 'die Zwei-Faktor-Anmeldung wurde für Ihr CaseBridge-Konto eingeschaltet.',
      secondFactorOff: 'die Zwei-Faktor-Anmeldung wurde für Ihr CaseBridge-Konto ausgeschaltet.',
      secondFactorReset:
        'ein Administrator hat die Zwei-Faktor-Anmeldung Ihres CaseBridge-Kontos zurückgesetzt; Sie richten sie bei der nächsten Anmeldung neu ein.',
    },
    newDevice: {
      subject: 'Eine neue Anmeldung bei Ihrem CaseBridge-Konto',
      says: 'bei Ihrem CaseBridge-Konto hat sich soeben ein Gerät angemeldet, das es bisher nicht benutzt hat:',
    },
    notYou: 'Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und informieren Sie Ihren Administrator. Zum Portal:',
  },
  it: {
    subject: 'Una modifica di sicurezza al tuo account CaseBridge',
    greeting: (n) => `Ciao ${n},`,
    changes: {
      passwordChanged: 'la password del tuo account CaseBridge è stata cambiata.',
      emailChanged: "l'indirizzo email del tuo account CaseBridge è stato cambiato; questo indirizzo non serve più per accedere.",
      secondFactorOn: "l'accesso a due fattori è stato attivato per il tuo account CaseBridge.",
      secondFactorOff: "l'accesso a due fattori è stato disattivato per il tuo account CaseBridge.",
      secondFactorReset:
        "un amministratore ha reimpostato l'accesso a due fattori del tuo account CaseBridge; lo configurerai di nuovo al prossimo accesso.",
    },
    newDevice: {
      subject: 'Un nuovo accesso al tuo account CaseBridge',
      says: "è appena stato effettuato l'accesso al tuo account CaseBridge da un dispositivo mai usato prima:",
    },
    notYou: "Se non sei stato tu, reimposta subito la password e avvisa l'amministratore. Vai a",
  },
  fr: {
    subject: 'Un changement de sécurité sur votre compte CaseBridge',
    greeting: (n) => `Bonjour ${n},`,
    changes: {
      passwordChanged: 'le mot de passe de votre compte CaseBridge a été modifié.',
      emailChanged: 'l’adresse e-mail de votre compte CaseBridge a été modifiée ; cette adresse ne permet plus de se connecter.',
      secondFactorOn: 'la connexion à deux facteurs a été activée pour votre compte CaseBridge.',
      secondFactorOff: 'la connexion à deux facteurs a été désactivée pour votre compte CaseBridge.',
      secondFactorReset:
        'un administrateur a réinitialisé la connexion à deux facteurs de votre compte CaseBridge ; vous la configurerez à nouveau lors de votre prochaine connexion.',
    },
    newDevice: {
      subject: 'Une nouvelle connexion à votre compte CaseBridge',
      says: 'une connexion à votre compte CaseBridge vient d’avoir lieu depuis un appareil qu’il n’avait encore jamais utilisé :',
    },
    notYou: 'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement et prévenez votre administrateur. Rendez-vous sur',
  },
  sp: {
    subject: 'Un cambio de seguridad en su cuenta de CaseBridge',
    greeting: (n) => `Hola ${n}:`,
    changes: {
      passwordChanged: 'se ha cambiado la contraseña de su cuenta de CaseBridge.',
      emailChanged: 'se ha cambiado la dirección de correo de su cuenta de CaseBridge; esta dirección ya no sirve para iniciar sesión.',
      secondFactorOn: 'se ha activado el inicio de sesión en dos pasos en su cuenta de CaseBridge.',
      secondFactorOff: 'se ha desactivado el inicio de sesión en dos pasos en su cuenta de CaseBridge.',
      secondFactorReset:
        'un administrador ha restablecido el inicio de sesión en dos pasos de su cuenta de CaseBridge; lo configurará de nuevo en su próximo inicio de sesión.',
    },
    newDevice: {
      subject: 'Un nuevo inicio de sesión en su cuenta de CaseBridge',
      says: 'se acaba de iniciar sesión en su cuenta de CaseBridge desde un dispositivo que no había usado antes:',
    },
    notYou: 'Si no ha sido usted, restablezca su contraseña de inmediato y avise a su administrador. Vaya a',
  },
  pl: {
    subject: 'Zmiana zabezpieczeń Twojego konta CaseBridge',
    greeting: (n) => `Witaj ${n},`,
    changes: {
      passwordChanged: 'hasło Twojego konta CaseBridge zostało zmienione.',
      emailChanged: 'adres e-mail Twojego konta CaseBridge został zmieniony; tym adresem nie można się już logować.',
      secondFactorOn: 'logowanie dwuskładnikowe zostało włączone dla Twojego konta CaseBridge.',
      secondFactorOff: 'logowanie dwuskładnikowe zostało wyłączone dla Twojego konta CaseBridge.',
      secondFactorReset:
        'administrator zresetował logowanie dwuskładnikowe Twojego konta CaseBridge; skonfigurujesz je ponownie przy następnym logowaniu.',
    },
    newDevice: {
      subject: 'Nowe logowanie na Twoje konto CaseBridge',
      says: 'na Twoje konto CaseBridge właśnie zalogowano się z urządzenia, którego wcześniej nie używano:',
    },
    notYou: 'Jeśli to nie Ty, natychmiast zresetuj hasło i powiadom administratora. Przejdź do',
  },
};

/** Whom to tell, in their language; `to` is the address that must hear it (the old one for an address change). */
export interface NoticeRecipient {
  to: string;
  name: string;
  language: Language;
}

/** The mail, ready for the `mail.send` job enqueued in the transaction of the change. */
export function securityNotice(recipient: NoticeRecipient, change: SecurityChange, portalUrl: string): MailMessage {
  const t = TEXTS[recipient.language];
  return noticeMail(recipient, t.subject, [t.changes[change]], portalUrl);
}

/** Where a sign-in came from, as the session row records it. */
export interface SignInPlace {
  device: string;
  ip: string;
  at: Date;
}

/** The mail telling the owner of a sign-in from a device the account had not used before. */
export function newDeviceNotice(recipient: NoticeRecipient, place: SignInPlace, portalUrl: string): MailMessage {
  const t = TEXTS[recipient.language];
  // The time in UTC, named as such: the mail cannot know the reader's time zone.
  const when = `${place.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return noticeMail(recipient, t.newDevice.subject, [t.newDevice.says, `${place.device} · ${place.ip} · ${when}`], portalUrl);
}

function noticeMail(recipient: NoticeRecipient, subject: string, lines: string[], portalUrl: string): MailMessage {
  const t = TEXTS[recipient.language];
  const greeting = t.greeting(recipient.name);
  return {
    to: recipient.to,
    subject,
    text: `${greeting}\n\n${lines.join('\n')}\n\n${t.notYou} ${portalUrl}\n\nCaseBridge`,
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
      `<p>${escapeHtml(t.notYou)} ${escapeHtml(portalUrl)}</p>`,
      '<p>CaseBridge</p>',
    ].join(''),
  };
}
