/** Korean texts of the sessions and tokens page. */
import type { SessionsMessages } from './types';

const sessions: SessionsMessages = {
  title: '세션 및 토큰',
  titleOf: '{{account}}의 세션 및 토큰',
  intro: '계정이 로그인되어 있는 곳과 사용자를 대신해 호출하는 API 토큰입니다. 모르는 것은 종료한 뒤 비밀번호를 변경하세요.',
  introOf: '이 사용자의 세션과 API 토큰입니다. 세션을 종료하면 해당 브라우저가 즉시 로그아웃됩니다.',
  sessionsHeading: '로그인된 브라우저',
  tokensHeading: 'API 토큰',
  columns: {
    browser: '브라우저',
    address: '주소',
    method: '로그인 방식',
    firstUse: '처음 사용',
    lastUse: '마지막 사용',
    actions: '작업',
  },
  tokenColumns: {
    name: '이름',
    keys: '권한',
    expires: '만료',
  },
  methods: {
    password: '비밀번호',
    oidc: '통합 인증(SSO)',
    passkey: '패스키',
  },
  current: '현재 세션',
  unknownBrowser: '알 수 없는 브라우저',
  notSince: '로그인 후 사용 안 함',
  never: '없음',
  expired: '만료됨',
  end: '종료',
  endConfirm: '{{browser}}의 세션을 종료할까요? 해당 브라우저는 즉시 로그아웃됩니다.',
  ended: '세션이 종료되었습니다.',
  endOthers: '다른 세션 모두 종료',
  endOthersConfirm: '현재 세션을 제외한 모든 세션을 종료할까요? 해당 브라우저는 즉시 로그아웃됩니다.',
  endAll: '모든 세션 종료',
  endAllConfirm: '{{account}}의 모든 세션을 종료할까요? 해당 브라우저는 즉시 로그아웃됩니다.',
  endedOthers_other: '세션 {{count}}개를 종료했습니다.',
  noSessions: '로그인된 브라우저가 없습니다',
  noTokens: 'API 토큰이 없습니다',
  keyCount_other: '권한 {{count}}개',
  revoke: '취소',
  revokeConfirm: '토큰 "{{name}}"을(를) 취소할까요? 이 토큰을 사용하는 시스템은 즉시 거부됩니다.',
  revoked: '토큰이 취소되었습니다.',
};

export default sessions;
