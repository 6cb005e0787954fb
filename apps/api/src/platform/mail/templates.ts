import type { Language } from '@casebridge/shared/constants/languages';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The account mails in the six interface languages. Kept as plain data, one entry per language,
 * so a missing translation is a type error rather than an English mail.
 */
export type MailKind = 'confirmation' | 'reset' | 'invitation' | 'staffInvitation' | 'dealerInvitation';

interface MailText {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: string;
  ignore: string;
}

const TEXTS: Record<MailKind, Record<Language, MailText>> = {
  confirmation: {
    en: {
      subject: 'Confirm your CaseBridge account',
      greeting: (n) => `Hello ${n},`,
      body: 'please confirm your email address to activate your CaseBridge account.',
      action: 'Confirm my account',
      expiry: 'The link is valid for 7 days.',
      ignore: 'If you did not sign up, you can ignore this mail.',
    },
    de: {
      subject: 'Bestätigen Sie Ihr CaseBridge-Konto',
      greeting: (n) => `Hallo ${n},`,
      body: 'bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr CaseBridge-Konto zu aktivieren.',
      action: 'Konto bestätigen',
      expiry: 'Der Link ist 7 Tage gültig.',
      ignore: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
    },
    it: {
      subject: 'Conferma il tuo account CaseBridge',
      greeting: (n) => `Ciao ${n},`,
      body: 'conferma il tuo indirizzo email per attivare il tuo account CaseBridge.',
      action: 'Conferma il mio account',
      expiry: 'Il link è valido per 7 giorni.',
      ignore: 'Se non ti sei registrato, puoi ignorare questa email.',
    },
    fr: {
      subject: 'Confirmez votre compte CaseBridge',
      greeting: (n) => `Bonjour ${n},`,
      body: 'veuillez confirmer votre adresse e-mail pour activer votre compte CaseBridge.',
      action: 'Confirmer mon compte',
      expiry: 'Le lien est valable 7 jours.',
      ignore: 'Si vous ne vous êtes pas inscrit, vous pouvez ignorer cet e-mail.',
    },
    sp: {
      subject: 'Confirme su cuenta de CaseBridge',
      greeting: (n) => `Hola ${n}:`,
      body: 'confirme su dirección de correo electrónico para activar su cuenta de CaseBridge.',
      action: 'Confirmar mi cuenta',
      expiry: 'El enlace es válido durante 7 días.',
      ignore: 'Si no se ha registrado, puede ignorar este correo.',
    },
    pl: {
      subject: 'Potwierdź swoje konto CaseBridge',
      greeting: (n) => `Witaj ${n},`,
      body: 'potwierdź swój adres e-mail, aby aktywować konto CaseBridge.',
      action: 'Potwierdź konto',
      expiry: 'Link jest ważny przez 7 dni.',
      ignore: 'Jeśli nie zakładałeś konta, zignoruj tę wiadomość.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your CaseBridge password',
      greeting: (n) => `Hello ${n},`,
      body: 'we received a request to reset your password.',
      action: 'Choose a new password',
      expiry: 'The link is valid for 1 hour and can be used once.',
      ignore: 'If you did not ask for this, you can ignore this mail; your password stays unchanged.',
    },
    de: {
      subject: 'Setzen Sie Ihr CaseBridge-Passwort zurück',
      greeting: (n) => `Hallo ${n},`,
      body: 'wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten.',
      action: 'Neues Passwort wählen',
      expiry: 'Der Link ist 1 Stunde gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    it: {
      subject: 'Reimposta la tua password CaseBridge',
      greeting: (n) => `Ciao ${n},`,
      body: 'abbiamo ricevuto una richiesta di reimpostazione della tua password.',
      action: 'Scegli una nuova password',
      expiry: 'Il link è valido per 1 ora e può essere usato una sola volta.',
      ignore: 'Se non hai fatto questa richiesta, ignora questa email; la tua password resta invariata.',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe CaseBridge',
      greeting: (n) => `Bonjour ${n},`,
      body: 'nous avons reçu une demande de réinitialisation de votre mot de passe.',
      action: 'Choisir un nouveau mot de passe',
      expiry: "Le lien est valable 1 heure et ne peut être utilisé qu'une fois.",
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.",
    },
    sp: {
      subject: 'Restablezca su contraseña de CaseBridge',
      greeting: (n) => `Hola ${n}:`,
      body: 'hemos recibido una solicitud para restablecer su contraseña.',
      action: 'Elegir una nueva contraseña',
      expiry: 'El enlace es válido durante 1 hora y solo se puede usar una vez.',
      ignore: 'Si no lo ha solicitado, ignore este correo; su contraseña no cambia.',
    },
    pl: {
      subject: 'Zresetuj hasło CaseBridge',
      greeting: (n) => `Witaj ${n},`,
      body: 'otrzymaliśmy prośbę o zresetowanie Twojego hasła.',
      action: 'Wybierz nowe hasło',
      expiry: 'Link jest ważny przez 1 godzinę i można go użyć tylko raz.',
      ignore: 'Jeśli to nie Ty, zignoruj tę wiadomość; Twoje hasło się nie zmieni.',
    },
  },
  invitation: {
    en: {
      subject: 'You are invited to CaseBridge',
      greeting: (n) => `Hello ${n},`,
      body: 'your milling centre invites you to exchange orders and files on CaseBridge.',
      action: 'Accept the invitation',
      expiry: 'The link is valid for 7 days.',
      ignore: 'If you do not know this milling centre, you can ignore this mail.',
    },
    de: {
      subject: 'Sie sind zu CaseBridge eingeladen',
      greeting: (n) => `Hallo ${n},`,
      body: 'Ihr Fräszentrum lädt Sie ein, Aufträge und Dateien über CaseBridge auszutauschen.',
      action: 'Einladung annehmen',
      expiry: 'Der Link ist 7 Tage gültig.',
      ignore: 'Wenn Sie dieses Fräszentrum nicht kennen, können Sie diese E-Mail ignorieren.',
    },
    it: {
      subject: 'Sei invitato su CaseBridge',
      greeting: (n) => `Ciao ${n},`,
      body: 'il tuo centro di fresatura ti invita a scambiare ordini e file su CaseBridge.',
      action: "Accetta l'invito",
      expiry: 'Il link è valido per 7 giorni.',
      ignore: 'Se non conosci questo centro di fresatura, puoi ignorare questa email.',
    },
    fr: {
      subject: 'Vous êtes invité sur CaseBridge',
      greeting: (n) => `Bonjour ${n},`,
      body: "votre centre d'usinage vous invite à échanger commandes et fichiers sur CaseBridge.",
      action: "Accepter l'invitation",
      expiry: 'Le lien est valable 7 jours.',
      ignore: "Si vous ne connaissez pas ce centre d'usinage, vous pouvez ignorer cet e-mail.",
    },
    sp: {
      subject: 'Está invitado a CaseBridge',
      greeting: (n) => `Hola ${n}:`,
      body: 'su centro de fresado le invita a intercambiar pedidos y archivos en CaseBridge.',
      action: 'Aceptar la invitación',
      expiry: 'El enlace es válido durante 7 días.',
      ignore: 'Si no conoce este centro de fresado, puede ignorar este correo.',
    },
    pl: {
      subject: 'Zaproszenie do CaseBridge',
      greeting: (n) => `Witaj ${n},`,
      body: 'Twoje centrum frezowania zaprasza Cię do wymiany zleceń i plików w CaseBridge.',
      action: 'Przyjmij zaproszenie',
      expiry: 'Link jest ważny przez 7 dni.',
      ignore: 'Jeśli nie znasz tego centrum frezowania, zignoruj tę wiadomość.',
    },
  },
  staffInvitation: {
    en: {
      subject: 'Join your team on CaseBridge',
      greeting: (n) => `Hello ${n},`,
      body: 'your milling centre added you as a user on CaseBridge. Choose a password to start.',
      action: 'Choose my password',
      expiry: 'The link is valid for 7 days.',
      ignore: 'If you did not expect this, you can ignore this mail.',
    },
    de: {
      subject: 'Willkommen im Team auf CaseBridge',
      greeting: (n) => `Hallo ${n},`,
      body: 'Ihr Fräszentrum hat Sie als Benutzer in CaseBridge angelegt. Wählen Sie ein Passwort, um zu beginnen.',
      action: 'Passwort wählen',
      expiry: 'Der Link ist 7 Tage gültig.',
      ignore: 'Wenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    },
    it: {
      subject: 'Unisciti al tuo team su CaseBridge',
      greeting: (n) => `Ciao ${n},`,
      body: 'il tuo centro di fresatura ti ha aggiunto come utente su CaseBridge. Scegli una password per iniziare.',
      action: 'Scegli la password',
      expiry: 'Il link è valido per 7 giorni.',
      ignore: 'Se non te lo aspettavi, puoi ignorare questa email.',
    },
    fr: {
      subject: 'Rejoignez votre équipe sur CaseBridge',
      greeting: (n) => `Bonjour ${n},`,
      body: "votre centre d'usinage vous a ajouté comme utilisateur sur CaseBridge. Choisissez un mot de passe pour commencer.",
      action: 'Choisir mon mot de passe',
      expiry: 'Le lien est valable 7 jours.',
      ignore: 'Si vous ne vous y attendiez pas, vous pouvez ignorer cet e-mail.',
    },
    sp: {
      subject: 'Únase a su equipo en CaseBridge',
      greeting: (n) => `Hola ${n}:`,
      body: 'su centro de fresado le ha añadido como usuario en CaseBridge. Elija una contraseña para empezar.',
      action: 'Elegir mi contraseña',
      expiry: 'El enlace es válido durante 7 días.',
      ignore: 'Si no lo esperaba, puede ignorar este correo.',
    },
    pl: {
      subject: 'Dołącz do zespołu w CaseBridge',
      greeting: (n) => `Witaj ${n},`,
      body: 'Twoje centrum frezowania dodało Cię jako użytkownika CaseBridge. Wybierz hasło, aby zacząć.',
      action: 'Wybierz hasło',
      expiry: 'Link jest ważny przez 7 dni.',
      ignore: 'Jeśli się tego nie spodziewałeś, zignoruj tę wiadomość.',
    },
  },
  dealerInvitation: {
    en: {
      subject: 'Your reseller access to CaseBridge',
      greeting: (n) => `Hello ${n},`,
      body: 'you have been invited to the CaseBridge reseller area. Choose a password to sign in.',
      action: 'Choose my password',
      expiry: 'The link is valid for 7 days and can be used once.',
      ignore: 'If you did not expect this, you can ignore this mail.',
    },
    de: {
      subject: 'Ihr Händlerzugang zu CaseBridge',
      greeting: (n) => `Hallo ${n},`,
      body: 'Sie wurden in den Händlerbereich von CaseBridge eingeladen. Wählen Sie ein Passwort, um sich anzumelden.',
      action: 'Passwort wählen',
      expiry: 'Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
      ignore: 'Wenn Sie das nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    },
    it: {
      subject: 'Il tuo accesso rivenditore a CaseBridge',
      greeting: (n) => `Ciao ${n},`,
      body: "sei stato invitato nell'area rivenditori di CaseBridge. Scegli una password per accedere.",
      action: 'Scegli la password',
      expiry: 'Il link è valido per 7 giorni e può essere usato una sola volta.',
      ignore: 'Se non te lo aspettavi, puoi ignorare questa email.',
    },
    fr: {
      subject: 'Votre accès revendeur à CaseBridge',
      greeting: (n) => `Bonjour ${n},`,
      body: "vous avez été invité dans l'espace revendeurs de CaseBridge. Choisissez un mot de passe pour vous connecter.",
      action: 'Choisir mon mot de passe',
      expiry: "Le lien est valable 7 jours et ne peut être utilisé qu'une fois.",
      ignore: 'Si vous ne vous y attendiez pas, vous pouvez ignorer cet e-mail.',
    },
    sp: {
      subject: 'Su acceso de distribuidor a CaseBridge',
      greeting: (n) => `Hola ${n}:`,
      body: 'ha sido invitado al área de distribuidores de CaseBridge. Elija una contraseña para iniciar sesión.',
      action: 'Elegir mi contraseña',
      expiry: 'El enlace es válido durante 7 días y solo se puede usar una vez.',
      ignore: 'Si no lo esperaba, puede ignorar este correo.',
    },
    pl: {
      subject: 'Twój dostęp sprzedawcy do CaseBridge',
      greeting: (n) => `Witaj ${n},`,
      body: 'zostałeś zaproszony do strefy sprzedawców CaseBridge. Wybierz hasło, aby się zalogować.',
      action: 'Wybierz hasło',
      expiry: 'Link jest ważny przez 7 dni i można go użyć tylko raz.',
      ignore: 'Jeśli się tego nie spodziewałeś, zignoruj tę wiadomość.',
    },
  },
};

/** A lab's invitation names the inviting mill and carries the message the mill wrote for this lab. */
export interface InvitationDetails {
  millName: string;
  message: string;
}

const INVITATION_FROM: Record<Language, { invites: (mill: string) => string; messageFrom: (mill: string) => string }> = {
  en: { invites: (m) => `${m} invites you to exchange orders and files on CaseBridge.`, messageFrom: (m) => `A message from ${m}:` },
  de: {
    invites: (m) => `${m} lädt Sie ein, Aufträge und Dateien über CaseBridge auszutauschen.`,
    messageFrom: (m) => `Eine Nachricht von ${m}:`,
  },
  it: { invites: (m) => `${m} ti invita a scambiare ordini e file su CaseBridge.`, messageFrom: (m) => `Un messaggio da ${m}:` },
  fr: { invites: (m) => `${m} vous invite à échanger commandes et fichiers sur CaseBridge.`, messageFrom: (m) => `Un message de ${m} :` },
  sp: { invites: (m) => `${m} le invita a intercambiar pedidos y archivos en CaseBridge.`, messageFrom: (m) => `Un mensaje de ${m}:` },
  pl: { invites: (m) => `${m} zaprasza Cię do wymiany zleceń i plików w CaseBridge.`, messageFrom: (m) => `Wiadomość od ${m}:` },
};

/** The body's paragraphs: the mill by name when it is known, then its own words as it wrote them. */
function bodyParagraphs(t: MailText, language: Language, invitation?: InvitationDetails): { text: string; html: string }[] {
  const millName = invitation?.millName.trim();
  if (!invitation || !millName) return [{ text: t.body, html: escapeHtml(t.body) }];
  const from = INVITATION_FROM[language];
  const paragraphs = [{ text: from.invites(millName), html: escapeHtml(from.invites(millName)) }];
  const message = invitation.message.trim();
  if (message) {
    // The mill's line breaks survive in HTML; its text is never markup.
    const lines = message.split(/\r?\n/).map(escapeHtml).join('<br>');
    paragraphs.push({ text: `${from.messageFrom(millName)}\n${message}`, html: `${escapeHtml(from.messageFrom(millName))}<br>${lines}` });
  }
  return paragraphs;
}

export function renderMail(kind: MailKind, language: Language, name: string, link: string, invitation?: InvitationDetails) {
  const t = TEXTS[kind][language];
  const greeting = t.greeting(name);
  const body = bodyParagraphs(t, language, invitation);
  const text = `${greeting}\n\n${body.map((p) => p.text).join('\n\n')}\n\n${t.action}: ${link}\n\n${t.expiry}\n${t.ignore}\n\nCaseBridge`;
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...body.map((p) => `<p>${p.html}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.expiry)}<br>${escapeHtml(t.ignore)}</p><p>CaseBridge</p>`,
  ].join('');
  return { subject: t.subject, text, html };
}
