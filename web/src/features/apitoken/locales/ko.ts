/** Korean texts of the API tokens page. */
import type { ApiTokenMessages } from './types';

const apitoken: ApiTokenMessages = {
  title: 'API 토큰',
  intro: '토큰을 사용하면 다른 시스템(시설 관리 시스템, BI 도구)이 로그인 없이 여러분의 이름으로, 여러분이 준 권한만으로 이 API를 호출할 수 있습니다. “Authorization: Bearer <토큰>”으로 보내세요.',
  add: '새 토큰',
  empty: '아직 API 토큰이 없습니다',
  total: '토큰: {{count}}개',
  columns: {
    name: '이름',
    creator: '만든 사람',
    keys: '권한',
    created: '생성',
    expires: '만료',
    lastUsed: '최근 사용',
    actions: '작업',
  },
  never: '사용 안 함',
  expired: '만료됨',
  keyCount_other: '권한 {{count}}개',
  lostKeys_other: '권한 {{count}}개 상실: 만든 사람이 더 이상 가지고 있지 않거나 본인만 사용할 수 있습니다',
  revoke: '취소',
  revokeConfirm: '토큰 “{{name}}”을(를) 취소할까요? 이 토큰을 쓰는 시스템은 즉시 거부됩니다.',
  revoked: '토큰을 취소했습니다.',
  dialog: {
    title: '새 API 토큰',
    name: '이름',
    namePlaceholder: '사용처, 예: BI 내보내기',
    expiry: '만료',
    days_other: '{{count}}일',
    custom: '다른 날짜',
    expiryHelp: '오늘부터 최대 {{days}}일까지입니다.',
    keys: '토큰이 사용할 수 있는 권한',
    keysHelp: '본인이 가진 권한만 줄 수 있습니다. 나중에 권한을 잃으면 토큰도 잃습니다.',
    keysRequired: '권한을 하나 이상 선택하세요.',
    selected_other: '권한 {{count}}개 선택됨',
    noKeys: '줄 수 있는 권한이 없습니다',
    personOnly: '본인 전용',
    personOnlyWhy: '토큰은 이 권한을 받을 수 없습니다: 계정, 비밀번호, 토큰, 역할을 만들거나 다른 사람을 로그아웃시키므로 콘솔에 로그인한 사람만 사용할 수 있습니다.',
    create: '만들기',
  },
  shown: {
    title: '토큰 “{{name}}”을(를) 만들었습니다',
    warning: '지금 토큰을 복사하세요. 다시 표시되지 않습니다.',
    copy: '복사',
    copied: '복사됨',
    done: '복사했습니다',
  },
  groups: {
    home: '홈',
    other: '기타',
  },
};

export default apitoken;
