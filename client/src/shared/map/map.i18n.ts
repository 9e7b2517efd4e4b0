import type { TextResource } from '../i18n/i18n';

/** Texts of the shared map (ns `map`), including leaflet-draw's own toolbar and tooltips (L.drawLocal). */
export const MAP_NS = 'map';

export const mapTexts: TextResource = {
  ns: MAP_NS,
  fa: {
    label: 'نقشه',
    loading: 'در حال بارگذاری نقشه…',
    boundaries: 'مرزهای استان‌ها: Natural Earth',
    drawHint: 'با ابزارهای گوشه نقشه یک چندضلعی، دایره یا مستطیل بکشید؛ با ابزار ویرایش آن را تغییر دهید یا پاک کنید.',
    areasCount: '{{n}} ناحیه کشیده شده',
    clear: 'پاک کردن ناحیه‌ها',
    draw: {
      cancel: 'انصراف', cancelTitle: 'انصراف از رسم', finish: 'پایان', finishTitle: 'پایان رسم', undo: 'حذف آخرین نقطه', undoTitle: 'حذف آخرین نقطه رسم‌شده',
      polygon: 'رسم چندضلعی', rectangle: 'رسم مستطیل', circle: 'رسم دایره', radius: 'شعاع',
      circleStart: 'برای رسم دایره کلیک کنید و بکشید.', rectangleStart: 'برای رسم مستطیل کلیک کنید و بکشید.', release: 'برای پایان رسم، دکمه موس را رها کنید.',
      polygonStart: 'برای شروع رسم کلیک کنید.', polygonCont: 'برای ادامه رسم کلیک کنید.', polygonEnd: 'برای بستن شکل روی نقطه اول کلیک کنید.',
      crossError: 'اضلاع شکل نباید یکدیگر را قطع کنند.',
      save: 'ذخیره', saveTitle: 'ذخیره تغییرات', clearAll: 'پاک کردن همه', clearAllTitle: 'پاک کردن همه شکل‌ها',
      edit: 'ویرایش شکل‌ها', editDisabled: 'شکلی برای ویرایش نیست', remove: 'حذف شکل‌ها', removeDisabled: 'شکلی برای حذف نیست',
      editText: 'گوشه‌ها را بکشید تا شکل تغییر کند.', editSubtext: 'برای برگرداندن تغییرات، انصراف را بزنید.', removeText: 'روی شکلی که باید حذف شود کلیک کنید.',
    },
  },
  en: {
    label: 'Map',
    loading: 'Loading the map…',
    boundaries: 'Province boundaries: Natural Earth',
    drawHint: 'Draw a polygon, circle or rectangle with the tools at the map\'s corner; change or delete it with the edit tools.',
    areasCount: '{{n}} area(s) drawn',
    clear: 'Clear the areas',
    draw: {
      cancel: 'Cancel', cancelTitle: 'Cancel drawing', finish: 'Finish', finishTitle: 'Finish drawing', undo: 'Delete last point', undoTitle: 'Delete the last point drawn',
      polygon: 'Draw a polygon', rectangle: 'Draw a rectangle', circle: 'Draw a circle', radius: 'Radius',
      circleStart: 'Click and drag to draw a circle.', rectangleStart: 'Click and drag to draw a rectangle.', release: 'Release the mouse to finish drawing.',
      polygonStart: 'Click to start drawing the shape.', polygonCont: 'Click to continue drawing the shape.', polygonEnd: 'Click the first point to close the shape.',
      crossError: 'The shape\'s sides cannot cross.',
      save: 'Save', saveTitle: 'Save changes', clearAll: 'Clear all', clearAllTitle: 'Clear all shapes',
      edit: 'Edit shapes', editDisabled: 'No shapes to edit', remove: 'Delete shapes', removeDisabled: 'No shapes to delete',
      editText: 'Drag the handles to change a shape.', editSubtext: 'Press cancel to undo the changes.', removeText: 'Click a shape to delete it.',
    },
  },
};
