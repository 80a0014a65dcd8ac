/** Korean texts of robot health. */
import type { HealthMessages } from './types';

const health: HealthMessages = {
  page: {
    gradeFilter: '등급',
    allGrades: '모든 등급',
    window: '최근 30일({{start}} ~ {{end}}), {{at}} 계산. 각 로봇은 같은 유형이며 지도 크기가 비슷한 로봇과 비교됩니다.',
    windowShort: '최근 30일: {{start}} ~ {{end}}',
    notYet: '아직 계산되지 않았습니다. 상태 진단은 한 시간마다 모든 로봇을 평가합니다.',
    failed: '로봇 상태를 불러올 수 없습니다',
    robots: '이 조직의 로봇',
    byGrade: '등급별 로봇',
    empty: '이 조직에 로봇이 없습니다.',
    emptyGrade: '이 등급의 로봇이 없습니다.',
  },
  grades: { A: 'A · 정상', B: 'B · 주의 1건', C: 'C · 이탈', D: 'D · 여러 항목 이탈' },
  columns: { robot: '로봇 및 일련번호', grade: '등급', reasons: '사유', type: '장치 유형', peers: '비교 대상' },
  basis: {
    map: '같은 유형, 비슷한 지도(비교 대상: {{count}})',
    type: '비슷한 지도가 부족함: 같은 유형(비교 대상: {{count}})',
    none: '비교 대상 부족({{count}}): 자체 비교만',
  },
  indicators: {
    alarms: '운행 시간당 알람',
    efficiency: '효율(m²/h)',
    coverage: '커버리지(%)',
    charging: '운행 시간당 배터리 부족 알람',
    online: '온라인 일수(%)',
  },
  levels: { drift: '이탈', watch: '주의' },
  states: { noData: '기간 내 운행 없음' },
  reasons: {
    none: '비교 대상과 비슷합니다.',
    peers: '{{indicator}}: {{value}}, 비교 대상 중앙값 {{reference}}',
    self: '{{indicator}}: {{value}}, 이전 30일 {{reference}}',
    evidence: '근거',
  },
  panel: {
    title: '비교 대상 대비 상태',
    notYet: '아직 평가되지 않았습니다. 상태 진단은 한 시간마다 실행됩니다.',
    median: '비교 대상 중앙값 {{value}}',
    previous: '이전 30일 {{value}}',
  },
};

export default health;
