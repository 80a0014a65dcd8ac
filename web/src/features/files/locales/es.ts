import type { FilesMessages } from './types';

const files: FilesMessages = {
  common: { search: 'Buscar', add: 'Añadir', delete: 'Eliminar', download: 'Descargar', cancel: 'Cancelar', save: 'Guardar', actions: 'Acciones', name: 'Nombre', size: 'Tamaño', time: 'Hora', owner: 'Propietario', deleted: 'Eliminado.', saved: 'Guardado.' },
  upload: {
    choose: 'Elegir un archivo',
    uploading: 'Subiendo {{name}}',
    done: '{{name}} subido.',
    rule: 'Solo letras, dígitos, _, - y .: sin espacios ni caracteres especiales. El mismo nombre reemplaza el archivo anterior.',
    badName: 'El nombre del archivo no puede contener espacios ni caracteres especiales.',
    required: 'Suba primero un archivo',
    private: 'Privado (solo enlaces firmados)',
    folder: 'Carpeta',
  },
  entries: {
    fileTitle: 'Archivos', knowledgeTitle: 'Base de conocimiento', search: 'Nombre o detalle', allCategories: 'Todas las categorías', category: 'Categoría', detail: 'Detalle', file: 'Archivo',
    empty: 'Aún no hay archivos', addTitle: 'Añadir un archivo', deleteConfirm: '¿Eliminar «{{name}}» y su archivo?',
  },
  host: {
    title: 'Host de archivos', storage: 'Almacenamiento', storageLocal: 'Carpeta del servidor', storageS3: 'Almacén de objetos compatible con S3', chart: 'Bytes por carpeta', folderFilter: 'Carpeta', nameFilter: 'Nombre del archivo',
    visibility: 'Visibilidad', private: 'Privado', public: 'Público', empty: 'No hay archivos guardados', deleteConfirm: '¿Eliminar {{name}}? Las entradas y medios hechos con él se van con él.', upload: 'Subir',
  },
  ads: {
    title: 'Publicidad', media: 'Medios', playlists: 'Listas de reproducción', voice: 'Voz', mediaName: 'Nombre del medio', seconds: 'Segundos en pantalla', kind: 'Tipo',
    kinds: { image: 'Imagen', video: 'Vídeo', audio: 'Sonido' },
    addMedia: 'Añadir medio', noMedia: 'Aún no hay medios', mediaDeleteConfirm: '¿Eliminar el medio «{{name}}»? Sale de todas las listas.', addPlaylist: 'Nueva lista', editPlaylist: 'Editar lista',
    playlistName: 'Nombre de la lista', items: 'Medios en orden', itemsPlaceholder: 'Elija los medios en el orden de reproducción', totalSeconds: '{{seconds}} s en total', robots: 'Robots', noRobots: 'Ningún robot la reproduce',
    assign: 'Asignar a robots', assignPlaceholder: 'Elija robots', assigned: 'Robots asignados.', unassign: 'Detener', unassignConfirm: '¿Dejar de reproducir en {{name}}?', noPlaylists: 'Aún no hay listas',
    playlistDeleteConfirm: '¿Eliminar la lista «{{name}}»? Sus robots no reproducen nada.', voiceHint: 'Escuche cómo anunciarán los robots un texto (voz sin conexión).', voiceText: 'Texto para leer',
    voiceLanguage: 'Idioma', listen: 'Escuchar',
  },
  log: {
    title: 'Registro de operaciones', account: 'Cuenta', call: 'Llamada', target: 'Qué cambió', ip: 'Desde', platform: 'Plataforma', range: 'Periodo', shadow: 'sombra', viaToken: 'con el token {{name}}', empty: 'No se encontraron cambios',
    export: 'Exportar', exporting_one: 'Escribiendo 1 fila…', exporting_many: 'Escribiendo {{count}} filas…', exporting_other: 'Escribiendo {{count}} filas…', exported_one: '1 fila exportada a {{file}}.', exported_many: '{{count}} filas exportadas a {{file}}.', exported_other: '{{count}} filas exportadas a {{file}}.', truncated: 'Solo se exportaron las 10.000 filas más recientes.', nothing: 'Nada que exportar.',
  },
};

export default files;
