/** Spanish texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: 'Sesiones y tokens',
  titleOf: 'Sesiones y tokens de {{account}}',
  intro: 'Dónde está iniciada su cuenta y los tokens de API que actúan en su nombre. Termine lo que no reconozca y luego cambie su contraseña.',
  introOf: 'Las sesiones y tokens de API de este usuario. Terminar una sesión cierra ese navegador al instante.',
  sessionsHeading: 'Navegadores con sesión iniciada',
  tokensHeading: 'Tokens de API',
  columns: {
    browser: 'Navegador',
    address: 'Dirección',
    method: 'Inició sesión con',
    firstUse: 'Primer uso',
    lastUse: 'Último uso',
    actions: 'Acciones',
  },
  tokenColumns: {
    name: 'Nombre',
    keys: 'Permisos',
    expires: 'Caduca',
  },
  methods: {
    password: 'Contraseña',
    oidc: 'Inicio de sesión único',
    passkey: 'Llave de acceso',
  },
  current: 'Esta sesión',
  unknownBrowser: 'Navegador desconocido',
  notSince: 'No desde el inicio de sesión',
  never: 'Nunca',
  expired: 'Caducado',
  end: 'Terminar',
  endConfirm: '¿Terminar la sesión en {{browser}}? Ese navegador cierra la sesión al instante.',
  ended: 'Sesión terminada.',
  endOthers: 'Terminar las demás sesiones',
  endOthersConfirm: '¿Terminar todas las sesiones menos esta? Esos navegadores cierran la sesión al instante.',
  endAll: 'Terminar todas las sesiones',
  endAllConfirm: '¿Terminar todas las sesiones de {{account}}? Esos navegadores cierran la sesión al instante.',
  endedOthers_one: '{{count}} sesión terminada.',
  endedOthers_many: '{{count}} de sesiones terminadas.',
  endedOthers_other: '{{count}} sesiones terminadas.',
  noSessions: 'Ningún navegador con sesión iniciada',
  noTokens: 'Ningún token de API',
  keyCount_one: '{{count}} permiso',
  keyCount_many: '{{count}} de permisos',
  keyCount_other: '{{count}} permisos',
  revoke: 'Revocar',
  revokeConfirm: '¿Revocar el token «{{name}}»? Los sistemas que lo usan se rechazan al instante.',
  revoked: 'Token revocado.',
};

export default sessions;
