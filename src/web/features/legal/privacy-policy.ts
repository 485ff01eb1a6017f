/**
 * The privacy policy (SPEC §2: Spanish text, last updated 2 May 2025). It stays in Spanish in every
 * interface language, as SPEC says; the page around it is translated.
 */
export const PRIVACY_POLICY_UPDATED = '02-05-2025';

export interface PolicySection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

export const PRIVACY_POLICY: PolicySection[] = [
  {
    title: 'Quién trata tus datos',
    paragraphs: [
      'El responsable del tratamiento de los datos personales que se recogen en esta web y en la aplicación es el titular del servicio Alzado. Puedes dirigirte a él para cualquier cuestión sobre privacidad a través del formulario de contacto de la página principal.',
    ],
  },
  {
    title: 'Qué datos tratamos',
    paragraphs: ['Solo tratamos los datos necesarios para cada finalidad:'],
    items: [
      'Formulario de contacto: nombre, estudio o empresa, teléfono, email y el mensaje que nos escribes.',
      'Cuentas de usuario: nombre y apellidos, email, teléfono, empresa, NIF, foto de perfil e idioma de la interfaz.',
      'Proyectos y publicaciones: los textos, las imágenes y los créditos que introduces para publicarlos.',
      'Conexiones con redes sociales: los identificadores y autorizaciones que Instagram y LinkedIn nos entregan cuando las conectas, guardados cifrados.',
      'Datos técnicos: la dirección IP y el navegador de cada sesión, para mantenerla abierta de forma segura y evitar abusos.',
    ],
  },
  {
    title: 'Para qué los usamos y con qué base',
    paragraphs: [
      'Respondemos a tu mensaje de contacto porque nos lo pides al enviarlo y aceptar esta política (consentimiento). Prestamos el servicio a los estudios clientes y a sus usuarios en ejecución del contrato. Protegemos la aplicación frente a accesos indebidos por interés legítimo. No usamos tus datos para publicidad ni tomamos decisiones automatizadas con efectos jurídicos sobre ti.',
    ],
  },
  {
    title: 'Cuánto tiempo los conservamos',
    paragraphs: [
      'Los mensajes de contacto se conservan mientras dure la conversación y, como máximo, un año después. Los datos de las cuentas y de los proyectos se conservan mientras el estudio mantenga el servicio y, después, durante los plazos que exija la ley. Las sesiones caducan a los 30 días.',
    ],
  },
  {
    title: 'Quién más los recibe',
    paragraphs: [
      'Los proveedores que alojan la aplicación y envían sus correos los tratan por cuenta nuestra, con contrato y garantías. Cuando conectas una red social y publicas, enviamos a Instagram (Meta) o a LinkedIn el contenido que decides publicar; esas empresas lo tratan según sus propias políticas y pueden hacerlo fuera del Espacio Económico Europeo con las garantías que prevé el Reglamento General de Protección de Datos. No cedemos datos a nadie más salvo obligación legal.',
    ],
  },
  {
    title: 'Tus derechos',
    paragraphs: [
      'Puedes pedir el acceso, la rectificación o la supresión de tus datos, oponerte a su tratamiento o pedir que se limite, solicitar su portabilidad y retirar tu consentimiento en cualquier momento, a través del formulario de contacto. Si crees que no hemos atendido bien tu petición, puedes reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).',
    ],
  },
  {
    title: 'Cookies y almacenamiento local',
    paragraphs: [
      'Usamos una única cookie, técnica y necesaria, para mantener tu sesión iniciada (30 días). Guardamos en tu navegador el idioma que eliges. No usamos cookies de análisis ni de publicidad.',
    ],
  },
  {
    title: 'Seguridad',
    paragraphs: [
      'Las contraseñas se guardan cifradas con un algoritmo resistente, las autorizaciones de las redes sociales se guardan cifradas y nunca llegan al navegador, y las comunicaciones viajan cifradas.',
    ],
  },
  {
    title: 'Cambios en esta política',
    paragraphs: ['Si cambiamos esta política, publicaremos aquí la nueva versión con su fecha de actualización.'],
  },
];
