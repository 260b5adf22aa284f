/**
 * The events on which React, finding its root still dehydrated, hydrates the whole island synchronously before
 * handling them (react-dom's discreteReplayableEvents): at 4× CPU slowdown a 100+ ms task right on the first tap.
 */
export const SHIELDED_EVENTS = [
  'pointerdown',
  'pointerup',
  'pointercancel',
  'mousedown',
  'mouseup',
  'click',
  'auxclick',
  'dblclick',
  'contextmenu',
  'touchstart',
  'touchend',
  'touchcancel',
  'keydown',
  'keypress',
  'keyup',
  'input',
  'change',
  'textInput',
  'compositionstart',
  'compositionend',
  'copy',
  'cut',
  'paste',
  'dragstart',
  'dragend',
  'drop',
  'reset',
] as const;
