/** Korean texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: '푸시 알림',
  intro: '알람 설정에서 "모바일 앱" 채널이 켜져 있는 동안 알람, 해결된 알람, 끝난 작업이 여기에서 구독한 브라우저에 알림으로 전달됩니다. 알림을 누르면 해당 알람이나 작업이 열립니다.',
  thisBrowser: {
    heading: '이 브라우저',
    on: '이 브라우저는 알림을 받습니다.',
    off: '이 브라우저는 알림을 받지 않습니다.',
    turnOn: '이 브라우저에서 켜기',
    turnOff: '이 브라우저에서 끄기',
    turnedOn: '이 브라우저에서 알림을 켰습니다.',
    turnedOff: '이 브라우저에서 알림을 껐습니다.',
    label: '{{system}}의 {{browser}}',
    someBrowser: '웹 브라우저',
  },
  problems: {
    unsupported: '이 브라우저는 푸시 알림을 받을 수 없습니다.',
    insecure: '푸시 알림을 사용하려면 보안 주소(https)로 콘솔을 열어야 합니다.',
    noWorker: '이 브라우저의 콘솔이 아직 알림을 받을 준비가 되지 않았습니다. 페이지를 새로 고친 뒤 다시 시도하세요.',
    denied: '이 사이트의 알림이 차단되어 있습니다. 브라우저의 사이트 설정에서 허용한 뒤 다시 시도하세요.',
    dismissed: '알림이 허용되지 않았습니다. 다시 시도하고 "허용"을 선택하세요.',
    unreachable: '브라우저의 푸시 서비스에 연결할 수 없습니다. 나중에 다시 시도하세요.',
  },
  devices: {
    heading: '구독한 브라우저',
    count: '구독: {{count}}/{{limit}}',
    empty: '아직 구독한 브라우저가 없습니다.',
    current: '이 브라우저',
    added: '{{time}}에 추가됨',
    lastSent: '마지막 알림 {{time}}',
    neverSent: '아직 보낸 알림이 없습니다',
    lastError: '마지막 전송 실패: {{error}}',
    remove: '삭제',
    removeNamed: '{{label}} 삭제',
    removeTitle: '{{label}}을(를) 삭제할까요?',
    removeContent: '더 이상 알림을 받지 않습니다.',
    removed: '삭제했습니다.',
    loadFailed: '목록을 불러오지 못했습니다.',
    retry: '다시 시도',
  },
  test: {
    send: '테스트 알림 보내기',
    result: '테스트 알림을 보냈습니다. 전달: {{sent}}, 실패: {{failed}}.',
    failed: '테스트 알림을 보내지 못했습니다.',
  },
  close: '닫기',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: '거부된 주소',
    unreachable: '푸시 서비스에 연결할 수 없음',
    timeout: '시간 내 응답 없음',
    tls: '보안 연결(TLS) 실패',
    redirect: '리디렉션으로 응답(따르지 않음)',
    http_4xx: '푸시 서비스가 거부함(HTTP 4xx)',
    http_5xx: '푸시 서비스 오류(HTTP 5xx)',
    bad_answer: '올바른 HTTP 응답이 아님',
    failed: '실패',
  },
};

export default push;
