import type { Language } from '../../domain/languages.ts';

/**
 * The texts of the "connection expiring" e-mail (features/social/connection-expiring-email.ts), in every
 * language; the same style as the connection-lost one. The greeting and the signature come from
 * email.json. `settings` is the menu's own name in the app; `day` is dd-mm-yyyy.
 */
export interface ConnectionExpiringTexts {
  subject: (network: string, day: string) => string;
  intro: (network: string, account: string | null, day: string) => string;
  /** The owner's posts scheduled to that network after the expiry. */
  affected: (network: string, count: number) => string;
  action: (network: string) => string;
  where: (settings: string, day: string) => string;
  why: string;
  settings: string;
}

export const CONNECTION_EXPIRING_TEXTS: Record<Language, ConnectionExpiringTexts> = {
  es: {
    subject: (network, day) => `Tu conexión con ${network} caduca el ${day}`,
    intro: (network, account, day) =>
      `${network} no permite a Alzado renovar el acceso a tu cuenta${account ? ` (${account})` : ''}: la conexión caduca el ${day}. Hasta entonces todo sigue funcionando.`,
    affected: (network, count) =>
      count === 0
        ? `Ahora no tienes publicaciones programadas en ${network} después de esa fecha.`
        : count === 1
          ? `Tienes 1 publicación programada en ${network} para después de esa fecha: no saldrá si no vuelves a conectarte antes.`
          : `Tienes ${count} publicaciones programadas en ${network} para después de esa fecha: no saldrán si no vuelves a conectarte antes.`,
    action: (network) => `Conectar ${network} de nuevo`,
    where: (settings, day) => `Antes del ${day}, entra en Alzado, abre ${settings} y conecta la cuenta otra vez:`,
    why: 'Las redes sociales dan acceso por un tiempo limitado; volver a conectarte te da acceso nuevo y no cambia nada más.',
    settings: 'Ajustes',
  },
  en: {
    subject: (network, day) => `Your ${network} connection expires on ${day}`,
    intro: (network, account, day) =>
      `${network} does not let Alzado renew its access to your account${account ? ` (${account})` : ''}: the connection expires on ${day}. Until then everything keeps working.`,
    affected: (network, count) =>
      count === 0
        ? `You have no posts scheduled to ${network} after that date right now.`
        : count === 1
          ? `You have 1 post scheduled to ${network} after that date: it will not go out unless you connect again before then.`
          : `You have ${count} posts scheduled to ${network} after that date: they will not go out unless you connect again before then.`,
    action: (network) => `Connect ${network} again`,
    where: (settings, day) => `Before ${day}, sign in to Alzado, open ${settings} and connect the account again:`,
    why: 'Social networks grant access for a limited time; connecting again gives fresh access and changes nothing else.',
    settings: 'Settings',
  },
  cat: {
    subject: (network, day) => `La teva connexió amb ${network} caduca el ${day}`,
    intro: (network, account, day) =>
      `${network} no permet a Alzado renovar l’accés al teu compte${account ? ` (${account})` : ''}: la connexió caduca el ${day}. Fins aleshores tot continua funcionant.`,
    affected: (network, count) =>
      count === 0
        ? `Ara no tens publicacions programades a ${network} després d’aquesta data.`
        : count === 1
          ? `Tens 1 publicació programada a ${network} per després d’aquesta data: no sortirà si no t’hi tornes a connectar abans.`
          : `Tens ${count} publicacions programades a ${network} per després d’aquesta data: no sortiran si no t’hi tornes a connectar abans.`,
    action: (network) => `Tornar a connectar ${network}`,
    where: (settings, day) => `Abans del ${day}, entra a Alzado, obre ${settings} i torna a connectar el compte:`,
    why: 'Les xarxes socials donen accés per un temps limitat; tornar-t’hi a connectar et dona un accés nou i no canvia res més.',
    settings: 'Configuració',
  },
};
