/** Korean texts of the privacy feature. */
import type { PrivacyMessages } from './types';

const privacy: PrivacyMessages = {
  title: '내 데이터',
  titleOf: '{{account}}의 데이터',
  intro: '제품이 보관하는 당신에 관한 모든 데이터(계정, 로그인, 세션, 감사 기록, 메시지, 설정, 파일)를 zip으로 내려받습니다. 몇 분 안에 준비되며 링크는 7일간 유효합니다.',
  introOf: '이 사람의 데이터를 zip으로 내보내거나 삭제합니다. 계정은 가명 처리되어 더 이상 로그인할 수 없으며, 로봇과 그 기록은 고객에게 남습니다.',
  loading: '불러오는 중…',
  jobsHeading: '내보내기와 삭제',
  empty: '내보내기나 삭제가 없습니다',
  download: 'zip 내려받기',
  until: '{{time}}까지 유효한 링크',
  expired: '다운로드가 만료되었습니다. 새로 내보내세요.',
  failed: '작업이 실패했습니다. 다시 시도하세요.',
  erasedAs: '삭제됨. 감사 기록에는 {{pseudonym}}(으)로 표시됩니다',
  progressLabel: '{{name}} 진행률',
  kinds: {
    person_export: '{{name}}의 데이터 내보내기',
    person_erasure: '{{name}} 삭제',
    customer_end: '고객 {{name}} 종료',
  },
  states: { queued: '대기 중', running: '진행 중', done: '완료', failed: '실패' },
  export: {
    mine: '내 데이터 내려받기',
    theirs: '데이터 내보내기',
    started: '내보내기를 시작했습니다. 준비되면 메시지 센터로 알려 드립니다',
  },
  erase: {
    heading: '이 사람 삭제',
    intro: '이 사람의 로그인, 인증 요소, 메시지, 개인 정보를 영구히 삭제합니다. 되돌릴 수 없습니다.',
    button: '삭제',
    confirmTitle: '{{account}}을(를) 삭제할까요?',
    confirm: '영구 삭제',
    what: '세션과 API 토큰이 즉시 종료되고, 2단계 인증과 통합 로그인 연결이 제거되며, 이름·이메일·전화는 가명으로 바뀝니다. 로봇, 지도, 보고서는 고객에게 남습니다.',
    typeToConfirm: '확인하려면 {{account}}을(를) 입력하세요',
    started: '삭제를 시작했습니다',
  },
};

export default privacy;
