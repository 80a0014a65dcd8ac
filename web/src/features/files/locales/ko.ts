import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: '검색', add: '추가', delete: '삭제', download: '다운로드', cancel: '취소', save: '저장', actions: '작업', name: '이름', size: '크기', time: '시간', owner: '소유자', deleted: '삭제했습니다.', saved: '저장했습니다.' },
  upload: {
    choose: '파일 선택',
    uploading: '{{name}} 업로드 중',
    done: '{{name}} 업로드 완료.',
    rule: '문자, 숫자, _, -, . 만 사용할 수 있습니다. 공백이나 특수 문자는 안 됩니다. 같은 이름은 이전 파일을 대체합니다.',
    badName: '파일 이름에는 공백이나 특수 문자를 쓸 수 없습니다.',
    required: '먼저 파일을 업로드하세요',
    private: '비공개 (서명된 링크만)',
    folder: '폴더',
  },
  entries: {
    fileTitle: '파일', knowledgeTitle: '지식 베이스', search: '이름 또는 설명', allCategories: '모든 분류', category: '분류', detail: '설명', file: '파일',
    empty: '아직 파일이 없습니다', addTitle: '파일 추가', deleteConfirm: '"{{name}}"과(와) 파일을 삭제할까요?',
  },
  host: {
    title: '파일 호스트', storage: '저장소', storageLocal: '서버 폴더', storageS3: 'S3 호환 객체 저장소', chart: '폴더별 용량', folderFilter: '폴더', nameFilter: '파일 이름',
    visibility: '공개 여부', private: '비공개', public: '공개', empty: '저장된 파일이 없습니다', deleteConfirm: '{{name}}을(를) 삭제할까요? 이 파일로 만든 항목과 미디어도 함께 삭제됩니다.', upload: '업로드',
  },
  ads: {
    title: '광고', media: '미디어', playlists: '재생 목록', voice: '음성', mediaName: '미디어 이름', seconds: '표시 시간(초)', kind: '유형',
    kinds: { image: '이미지', video: '동영상', audio: '오디오' },
    addMedia: '미디어 추가', noMedia: '아직 미디어가 없습니다', mediaDeleteConfirm: '미디어 "{{name}}"을(를) 삭제할까요? 모든 재생 목록에서 빠집니다.', addPlaylist: '새 재생 목록', editPlaylist: '재생 목록 편집',
    playlistName: '재생 목록 이름', items: '순서대로 재생할 미디어', itemsPlaceholder: '재생 순서대로 미디어를 선택하세요', totalSeconds: '총 {{seconds}}초', robots: '로봇', noRobots: '재생하는 로봇이 없습니다',
    assign: '로봇에 할당', assignPlaceholder: '로봇 선택', assigned: '로봇에 할당했습니다.', unassign: '중지', unassignConfirm: '{{name}}에서 재생을 중지할까요?', noPlaylists: '아직 재생 목록이 없습니다',
    playlistDeleteConfirm: '재생 목록 "{{name}}"을(를) 삭제할까요? 로봇은 아무것도 재생하지 않습니다.', voiceHint: '로봇이 문장을 어떻게 안내하는지 들어 보세요 (오프라인 음성).', voiceText: '읽을 문장',
    voiceLanguage: '언어', listen: '듣기',
  },
  log: {
    title: '작업 로그', account: '계정', call: '호출', target: '변경 내용', ip: '접속 위치', platform: '플랫폼', range: '기간', shadow: '섀도', viaToken: '토큰 {{name}} 사용', empty: '변경 내역이 없습니다',
    export: '내보내기', exporting_other: '{{count}}행 쓰는 중…', exported_other: '{{count}}행을 {{file}}(으)로 내보냈습니다.', truncated: '최신 10,000행만 내보냈습니다.', nothing: '내보낼 내용이 없습니다.',
  },
};

export default files;
