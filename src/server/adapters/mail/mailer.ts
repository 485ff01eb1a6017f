/** The mail port: every e-mail Alzado sends goes through one of these. */
export interface MailMessage {
  to: string;
  /** Where answers go, when not to the sender (a contact message: the visitor). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (the monthly report's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
