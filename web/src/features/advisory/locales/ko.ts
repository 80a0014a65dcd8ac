/** Korean texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: '보안 권고',
    intro: 'OSV 형식의 취약점 권고를 가져와 어떤 펌웨어 버전의 SBOM에 영향받는 구성 요소가 있는지, 어떤 로봇이 그 버전을 실행하는지 확인하고 해당 로봇을 수정된 버전으로 업데이트하세요.',
    tabs: {
      advisories: '보안 권고',
      sboms: '펌웨어 SBOM',
    },
  },
  list: {
    import: '권고 가져오기',
    imported: '권고 {{id}}을(를) 가져왔습니다',
    empty: '아직 권고가 없습니다. OSV 형식(JSON)으로 가져오세요.',
    columns: {
      id: '권고',
      summary: '요약',
      packages: '구성 요소',
      versions: '영향받는 버전',
      robots: '내 로봇',
      updated: '가져온 시간',
      actions: '작업',
    },
    open: '영향받는 로봇',
    delete: '삭제',
    deleteConfirm: '권고 {{id}}을(를) 삭제할까요? 로봇에는 아무 변화가 없습니다.',
    deleted: '권고를 삭제했습니다',
  },
  detail: {
    fixedIn: '수정 버전: {{versions}}',
    versionsTitle: '영향받는 펌웨어 버전',
    noneAffected: 'SBOM이 알려진 펌웨어 버전 중 영향받는 구성 요소를 포함한 것이 없습니다.',
    withoutSbom: 'SBOM이 없는 펌웨어 버전(확인 안 됨): {{count}}',
    robotsTitle: '영향받는 버전을 실행하는 내 로봇',
    noRobots: '영향받는 버전을 실행하는 로봇이 없습니다.',
    more: '처음 {{shown}}대만 표시합니다. 영향받는 로봇: {{count}}.',
    columns: {
      firmware: '펌웨어',
      components: '영향받는 구성 요소',
      robots: '내 로봇',
      fixedBy: '업데이트 대상',
      serial: '일련번호',
      name: '로봇',
      running: '실행 버전',
    },
    target: '수정된 펌웨어',
    noTarget: '이 권고의 영향을 받지 않는 SBOM을 가진 펌웨어가 아직 없습니다. 먼저 SBOM과 함께 업로드하세요.',
    update: '선택한 로봇 업데이트',
    confirmTitle: '선택한 로봇을 {{version}}(으)로 업데이트할까요?',
    confirmBody: '로봇: {{count}}. 각 로봇은 펌웨어 페이지의 배포와 같은 방식으로 업데이트를 받습니다(업데이트 규칙 적용, 진행 상황은 펌웨어 페이지에 표시).',
    confirm: '업데이트 시작',
    started: '업데이트를 시작했습니다(로봇: {{count}})',
  },
  sbom: {
    empty: '아직 펌웨어가 없습니다.',
    none: 'SBOM 없음',
    columns: {
      firmware: '펌웨어',
      version: '버전',
      components: '구성 요소',
      file: 'SBOM 파일',
      uploaded: '업로드 시간',
      actions: '작업',
    },
    view: '구성 요소',
    upload: 'SBOM 업로드',
    uploaded: '{{name}}의 SBOM을 저장했습니다',
    componentsTitle: '{{name}}({{version}})의 구성 요소',
    componentColumns: {
      name: '이름',
      version: '버전',
      purl: '패키지 URL',
    },
  },
};

export default advisory;
