/** Korean texts of the wear forecast. */
import type { WearMessages } from './types';

const wear: WearMessages = {
  page: {
    title: '마모 예측',
    hint: '각 로봇의 최근 28일 실제 가동 시간으로 소모품 수명 도달일과 정비 예정일을 예측합니다.',
    tabs: { list: '예측', settings: '리드 타임' },
    refreshed: '목록은 10분마다 갱신됩니다.',
  },
  groups: { thisWeek: '이번 주', nextWeek: '다음 주', later: '이후', undated: '날짜 없음' },
  filters: { site: '모든 사이트', kind: '모든 부품', within: '모든 날짜', withinDays: '{{days}}일 이내', reset: '초기화' },
  columns: { robot: '로봇', site: '사이트', part: '부품', due: '예상 날짜', range: '최소 ~ 최대', sure: '신뢰도', use: '사용량' },
  rate: '{{hours}}시간/일',
  range: '{{from}} ~ {{to}}',
  openRange: '{{from}}부터, 상한 없음',
  states: { due_now: '지금 교체', no_history: '이력 부족', idle: '미사용' },
  sure: { high: '확실', medium: '대체로 확실', low: '불확실: 범위 넓음', none: '추정 없음' },
  maintenance: '정비',
  noSite: '사이트 없음',
  order: {
    title: '주문할 항목',
    thisWeek: '이번 주',
    nextWeek: '다음 주',
    empty: '앞으로 2주 동안 만료되는 항목이 없습니다.',
  },
  list: {
    empty: '예측이 없습니다. 로봇에 소모품이나 정비 알림을 설정하세요.',
    noMatch: '필터에 맞는 예측이 없습니다.',
    loadFailed: '예측을 불러오지 못했습니다.',
  },
  settings: {
    title: '리드 타임',
    branch: '지점',
    leadDays: '리드 타임(일)',
    hint: '예상 날짜 이 일수 전에 로봇 소유자에게 메시지와 알림을 보냅니다(0~60).',
    inherited: '상속됨: 자체 설정 없음.',
    own: '이 지점에 설정됨.',
    save: '저장',
    saved: '리드 타임이 저장되었습니다.',
  },
  device: {
    title: '마모 예측',
    followsWork: '사용 시간은 각 실행이 끝날 때 늘어납니다(보고서의 실행 시간 기준). 일일 사용량은 하루 단위로 계산되므로 오늘의 실행은 다음 날 반영됩니다.',
    rate: '측정 사용량 {{hours}}시간/일({{low}}~{{high}}), {{days}}일 기준.',
    noHistory: '이력 부족: 3일 중 {{days}}일.',
    empty: '설정된 소모품이나 정비 알림이 없습니다.',
    due: '예상 {{date}}',
    openList: '전체 예측',
  },
};

export default wear;
