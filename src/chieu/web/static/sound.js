// Announcements: "Bốc!", "Ăn!", "Chíu!", "Ù!" spoken in vi-VN when the browser can, else a
// short beep. Only public events are announced (never a seat's private claim answer).
import { settings } from "./util.js";

const WORDS = [
  // [pattern over the event's words (vi or en), what is said, beep pitch]
  [/(^|\s)(ù|wins?|declares? ù)(\s|$|!|,)/i, "Ù!", 880],
  [/(^|\s)(chíu|chiu)(\s|$|!|,)/i, "Chíu!", 740],
  [/(^|\s)(phỗng|pung)(\s|$|!|,)/i, "Phỗng!", 660],
  [/(^|\s)(ăn|eats?)(\s|$|!|,)/i, "Ăn!", 587],
  [/(^|\s)(bốc|xin|draws?)(\s|$|!|,)/i, "Bốc!", 440],
];

let audio = null;
let voice = null;

function pickVoice() {
  if (!("speechSynthesis" in window)) return null;
  const voices = window.speechSynthesis.getVoices() || [];
  return voices.find((v) => /^vi(-|_|$)/i.test(v.lang)) || null;
}
if ("speechSynthesis" in window) {
  voice = pickVoice();
  window.speechSynthesis.addEventListener?.("voiceschanged", () => { voice = pickVoice(); });
}

function beep(freq) {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.18);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.2);
  } catch (e) { /* no audio */ }
}

/** What an event would be announced as ("" for nothing). */
export function announcement(event) {
  if (!event || !event.text || event.type === "fault") return "";
  for (const [re, word] of WORDS) if (re.test(event.text)) return word;
  return "";
}

/** Announce the newest public event of a push. */
export function announce(event) {
  if (settings.muted) return;
  const word = announcement(event);
  if (!word) return;
  const entry = WORDS.find((w) => w[1] === word);
  if (voice && "speechSynthesis" in window) {
    const u = new SpeechSynthesisUtterance(word);
    u.lang = "vi-VN";
    u.voice = voice;
    u.rate = 1.1;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(u);
  } else {
    beep(entry ? entry[2] : 520);
  }
}
