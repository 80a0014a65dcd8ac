/** Korean texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "작업 보고서",
    "empty": "이 기간에 실행 기록이 없습니다",
    "device": "장치",
    "map": "지도 이름",
    "task": "작업 이름",
    "result": "결과",
    "search": "검색",
    "add": "기록 추가",
    "deleteBefore": "날짜 이전 삭제",
    "export": "내보내기",
    "exporting": "export.xlsx 작성 중…",
    "exported_other": "{{count}}행을 {{file}}에 저장했습니다.",
    "nothing": "내보낼 항목이 없습니다.",
    "failed": "내보내기에 실패했습니다.",
    "rangeRule": "시작은 종료로부터 7일 이내이며 오늘 이후일 수 없습니다."
  },
  "columns": {
    "device": "장치",
    "task": "작업",
    "map": "지도",
    "start": "시작",
    "end": "종료",
    "duration": "작업 시간",
    "planned": "계획 면적",
    "cleaned": "청소 면적",
    "coverage": "커버리지",
    "efficiency": "청소 효율",
    "battery": "배터리 사용",
    "alarms": "알람",
    "result": "결과",
    "source": "출처",
    "actions": "작업"
  },
  "results": {
    "finished": "완료",
    "cancelled": "취소됨",
    "forced_end": "강제 종료",
    "aborted": "중단됨"
  },
  "detail": {
    "title": "{{task}} 실행",
    "open": "상세",
    "path": "경로",
    "noPath": "이 실행에는 기록된 경로가 없습니다.",
    "overMap": "로봇의 지도 위에 그렸습니다.",
    "noMap": "로봇이 오프라인입니다: 지도 없이 경로를 그렸습니다.",
    "children": "이 일정의 실행",
    "schedule": "일정",
    "distance": "거리",
    "reason": "사유",
    "remark": "비고",
    "manual": "수동 기록",
    "alarmsNone": "실행 중 알람 없음"
  },
  "edit": {
    "button": "편집",
    "title": "실행 편집",
    "saved": "저장했습니다."
  },
  "insert": {
    "title": "수동 기록 추가",
    "deviceId": "장치",
    "times": "시작과 종료",
    "saved": "기록을 추가했습니다."
  },
  "remove": {
    "button": "삭제",
    "confirm": "\"{{task}}\"의 이 실행을 삭제할까요?",
    "done_other": "{{count}}개의 실행을 삭제했습니다.",
    "beforeTitle": "날짜 이전의 실행 삭제",
    "time": "이 시간 이전에 시작한 실행",
    "devices": "장치",
    "beforeConfirm": "선택한 장치에서 이 시간 이전에 시작한 모든 실행을 삭제할까요?"
  },
  "chart": {
    "title": "작업 보고서 차트",
    "ranges": {
      "week": "지난 1주",
      "month": "지난 1개월",
      "quarter": "지난 3개월",
      "year": "지난 1년"
    },
    "by": {
      "device": "장치별",
      "group": "그룹별",
      "owner": "소유자별",
      "map": "지도별"
    },
    "grouping": "집계 기준",
    "cleanedArea": "청소 면적 (m²)",
    "workingTime": "작업 시간 (h)",
    "coverage": "커버리지 (%)",
    "efficiency": "청소 효율 (m²/h)",
    "onlineRate": "온라인 비율 (%)",
    "runs": "실행 횟수",
    "devices": "작업한 장치",
    "alarms": "알람",
    "breakdown": "세부",
    "places": "작업 장소",
    "name": "이름",
    "period": "기간",
    "empty": "이 기간에 실행 기록이 없습니다"
  }
};

export default report;
