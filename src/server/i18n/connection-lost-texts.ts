import type { Language } from '../../domain/languages.ts';
import { formatTimeOfDay } from '../../domain/studio-time.ts';

/**
 * The texts of the "connection lost" e-mail (features/social/connection-lost-email.ts), in every
 * language. Typed per language, so a missing text does not compile. The greeting and the signature
 * come from email.json, shared with the other e-mails. `settings` is the menu's own name in the app.
 */
export interface ConnectionLostTexts {
  subject: (network: string) => string;
  intro: (network: string, account: string | null) => string;
  /** In place of `intro` when a publication found the network refusing the connection. */
  refusedIntro: (network: string, account: string | null) => string;
  /** That publication: it did not go out, and how to publish it once connected again. */
  failedPost: (network: string, project: string, sequence: number, when: PlannedFor) => string;
  /** The network's refusal, as the posts page words it (describeResultReason). */
  reason: (sentence: string) => string;
  /** What happens to the owner's scheduled posts to that network. */
  affected: (network: string, count: number) => string;
  action: (network: string) => string;
  where: (settings: string) => string;
  why: string;
  settings: string;
}

/** A post's day (dd-mm-yyyy, as the app shows it) and time (HH:MM in the studio's zone). */
export interface PlannedFor {
  day: string;
  time: string | null;
}

/** " a las 10:15", " a la 01:15" (Spanish); Catalan says "a les" and "a la". */
function atTime(time: string | null, one: string, other: string, language: Language): string {
  if (!time) return '';
  return ` ${time.startsWith('01:') ? one : other} ${formatTimeOfDay(time, language)}`;
}

export const CONNECTION_LOST_TEXTS: Record<Language, ConnectionLostTexts> = {
  es: {
    subject: (network) => `Tu conexión con ${network} se ha cerrado`,
    intro: (network, account) =>
      `Alzado no ha podido renovar el acceso a tu cuenta de ${network}${account ? ` (${account})` : ''} y la conexión ha quedado cerrada.`,
    refusedIntro: (network, account) =>
      `${network} ya no acepta el acceso de Alzado a tu cuenta${account ? ` (${account})` : ''} y la conexión ha quedado cerrada.`,
    failedPost: (network, project, sequence, { day, time }) =>
      `Por eso la publicación ${sequence} del proyecto «${project}», prevista para el ${day}${atTime(time, 'a la', 'a las', 'es')}, no ha salido en ${network}. Cuando vuelvas a conectarte, usa «Reintentar» en la publicación.`,
    reason: (sentence) => `Motivo: ${sentence}`,
    affected: (network, count) =>
      count === 0
        ? `Ahora no tienes publicaciones programadas en ${network}, pero no podrás programar ninguna allí hasta que vuelvas a conectarte.`
        : count === 1
          ? `Tienes 1 publicación programada en ${network}: no podrá salir hasta que vuelvas a conectarte.`
          : `Tienes ${count} publicaciones programadas en ${network}: no podrán salir hasta que vuelvas a conectarte.`,
    action: (network) => `Conectar ${network} de nuevo`,
    where: (settings) => `Para hacerlo, entra en Alzado, abre ${settings} y conecta la cuenta otra vez:`,
    why: 'Las redes sociales dan acceso por un tiempo limitado y lo retiran antes si cambias la contraseña o quitas el permiso a la aplicación.',
    settings: 'Ajustes',
  },
  en: {
    subject: (network) => `Your ${network} connection has been closed`,
    intro: (network, account) =>
      `Alzado could not renew its access to your ${network} account${account ? ` (${account})` : ''}, so the connection has been closed.`,
    refusedIntro: (network, account) =>
      `${network} no longer accepts Alzado’s access to your account${account ? ` (${account})` : ''}, so the connection has been closed.`,
    failedPost: (network, project, sequence, { day, time }) =>
      `Because of this, post ${sequence} of the project “${project}”, planned for ${day}${atTime(time, 'at', 'at', 'en')}, did not go out on ${network}. Once you have connected again, use “Retry” on the post.`,
    reason: (sentence) => `Reason: ${sentence}`,
    affected: (network, count) =>
      count === 0
        ? `You have no posts scheduled to ${network} right now, but none can be published there until you connect again.`
        : count === 1
          ? `You have 1 post scheduled to ${network}: it cannot go out until you connect again.`
          : `You have ${count} posts scheduled to ${network}: they cannot go out until you connect again.`,
    action: (network) => `Connect ${network} again`,
    where: (settings) => `To do so, sign in to Alzado, open ${settings} and connect the account again:`,
    why: 'Social networks grant access for a limited time, and withdraw it sooner if you change your password or remove the app’s permission.',
    settings: 'Settings',
  },
  cat: {
    subject: (network) => `La teva connexió amb ${network} s’ha tancat`,
    intro: (network, account) => `Alzado no ha pogut renovar l’accés al teu compte de ${network}${account ? ` (${account})` : ''} i la connexió s’ha tancat.`,
    refusedIntro: (network, account) => `${network} ja no accepta l’accés d’Alzado al teu compte${account ? ` (${account})` : ''} i la connexió s’ha tancat.`,
    failedPost: (network, project, sequence, { day, time }) =>
      `Per això la publicació ${sequence} del projecte «${project}», prevista per al ${day}${atTime(time, 'a la', 'a les', 'cat')}, no ha sortit a ${network}. Quan t’hi tornis a connectar, fes servir «Reintenta» a la publicació.`,
    reason: (sentence) => `Motiu: ${sentence}`,
    affected: (network, count) =>
      count === 0
        ? `Ara no tens publicacions programades a ${network}, però no en podràs publicar cap fins que t’hi tornis a connectar.`
        : count === 1
          ? `Tens 1 publicació programada a ${network}: no podrà sortir fins que t’hi tornis a connectar.`
          : `Tens ${count} publicacions programades a ${network}: no podran sortir fins que t’hi tornis a connectar.`,
    action: (network) => `Tornar a connectar ${network}`,
    where: (settings) => `Per fer-ho, entra a Alzado, obre ${settings} i torna a connectar el compte:`,
    why: 'Les xarxes socials donen accés per un temps limitat i el retiren abans si canvies la contrasenya o treus el permís a l’aplicació.',
    settings: 'Configuració',
  },
};
