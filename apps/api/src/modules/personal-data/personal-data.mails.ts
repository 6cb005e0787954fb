import type { Language } from '@casebridge/shared/constants/languages';
import { escapeHtml } from '../../lib/html.ts';

type Text = {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  expiry: (days: number) => string;
  ignore: string;
};

/** The mail that brings the link to a user's data export, in their own language. */
const TEXTS: Record<Language, Text> = {
  en: {
    subject: 'Your CaseBridge data is ready',
    greeting: (n) => `Hello ${n},`,
    body: 'the copy of your personal data you asked for is ready: a ZIP file with a README that explains each file in it.',
    action: 'Download my data',
    expiry: (d) => `The link works once, only while you are signed in as yourself, and for ${d} days; then the file is deleted.`,
    ignore: 'If you did not ask for this, please change your password and look at your sessions on the account page.',
  },
  de: {
    subject: 'Ihre CaseBridge-Daten sind bereit',
    greeting: (n) => `Hallo ${n},`,
    body: 'die angeforderte Kopie Ihrer personenbezogenen Daten ist bereit: eine ZIP-Datei mit einer README, die jede Datei darin erklärt.',
    action: 'Meine Daten herunterladen',
    expiry: (d) => `Der Link funktioniert einmal, nur wenn Sie selbst angemeldet sind, und ${d} Tage lang; danach wird die Datei gelöscht.`,
    ignore: 'Wenn Sie das nicht angefordert haben, ändern Sie bitte Ihr Passwort und prüfen Sie Ihre Sitzungen auf der Kontoseite.',
  },
  it: {
    subject: 'I tuoi dati CaseBridge sono pronti',
    greeting: (n) => `Ciao ${n},`,
    body: 'la copia dei tuoi dati personali che hai richiesto è pronta: un file ZIP con un README che spiega ogni file contenuto.',
    action: 'Scarica i miei dati',
    expiry: (d) =>
      `Il link funziona una sola volta, solo se hai effettuato l'accesso con il tuo account, e per ${d} giorni; poi il file viene eliminato.`,
    ignore: 'Se non lo hai richiesto tu, cambia la password e controlla le tue sessioni nella pagina dell’account.',
  },
  fr: {
    subject: 'Vos données CaseBridge sont prêtes',
    greeting: (n) => `Bonjour ${n},`,
    body: 'la copie de vos données personnelles que vous avez demandée est prête : un fichier ZIP avec un README qui explique chaque fichier.',
    action: 'Télécharger mes données',
    expiry: (d) =>
      `Le lien ne fonctionne qu'une fois, seulement si vous êtes connecté à votre propre compte, et pendant ${d} jours ; ensuite le fichier est supprimé.`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et vérifiez vos sessions sur la page du compte.",
  },
  sp: {
    subject: 'Sus datos de CaseBridge están listos',
    greeting: (n) => `Hola ${n}:`,
    body: 'la copia de sus datos personales que solicitó está lista: un archivo ZIP con un README que explica cada archivo.',
    action: 'Descargar mis datos',
    expiry: (d) => `El enlace funciona una vez, solo con su propia sesión iniciada, y durante ${d} días; después el archivo se elimina.`,
    ignore: 'Si no lo ha solicitado, cambie su contraseña y revise sus sesiones en la página de la cuenta.',
  },
  pl: {
    subject: 'Twoje dane CaseBridge są gotowe',
    greeting: (n) => `Witaj ${n},`,
    body: 'kopia Twoich danych osobowych, o którą prosiłeś, jest gotowa: plik ZIP z plikiem README, który opisuje każdy plik.',
    action: 'Pobierz moje dane',
    expiry: (d) => `Link działa raz, tylko gdy jesteś zalogowany na własne konto, i przez ${d} dni; potem plik zostanie usunięty.`,
    ignore: 'Jeśli to nie Ty, zmień hasło i sprawdź swoje sesje na stronie konta.',
  },
};

export function renderDataExportMail(language: Language, name: string, link: string, days: number) {
  const t = TEXTS[language];
  const text = `${t.greeting(name)}\n\n${t.body}\n\n${t.action}: ${link}\n\n${t.expiry(days)}\n${t.ignore}\n\nCaseBridge`;
  const html = [
    `<p>${escapeHtml(t.greeting(name))}</p>`,
    `<p>${escapeHtml(t.body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>`,
    `<p>${escapeHtml(t.expiry(days))}<br>${escapeHtml(t.ignore)}</p><p>CaseBridge</p>`,
  ].join('');
  return { subject: t.subject, text, html };
}
