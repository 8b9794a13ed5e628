/// The app's only stylesheet, served as `/assets/app.css` (no inline styles anywhere: the page
/// policy allows styles from our own files only). Colours meet WCAG 2.1 AA in both themes
/// (text ≥ 4.5:1, large text and controls ≥ 3:1; the browser tests check the main pairs).
enum StyleSheet {
    static let css = #"""
:root, html[data-theme="light"] {
  --bg: #ffffff; --bg-alt: #f3f5f8; --bg-hover: #e8edf4; --bg-current: #dce7fb; --fg: #1b1f24; --muted: #4d5661;
  --border: #cfd6df; --accent: #0b57d0; --accent-fg: #ffffff; --danger: #b3261e; --danger-fg: #ffffff;
  --warn-bg: #fff4ce; --warn-fg: #5c4400; --mark: #ffe58a; --focus: #0b57d0; --unread: #0b57d0;
  color-scheme: light;
}
html[data-theme="dark"] {
  --bg: #15181c; --bg-alt: #1e2228; --bg-hover: #2a2f37; --bg-current: #263449; --fg: #e8eaed; --muted: #a9b1bb;
  --border: #3a414b; --accent: #8ab4f8; --accent-fg: #0d1117; --danger: #f2b8b5; --danger-fg: #3b0b08;
  --warn-bg: #3d3200; --warn-fg: #ffe08a; --mark: #6b5800; --focus: #8ab4f8; --unread: #8ab4f8;
  color-scheme: dark;
}
@media (prefers-color-scheme: dark) {
  html[data-theme="system"] {
    --bg: #15181c; --bg-alt: #1e2228; --bg-hover: #2a2f37; --bg-current: #263449; --fg: #e8eaed; --muted: #a9b1bb;
    --border: #3a414b; --accent: #8ab4f8; --accent-fg: #0d1117; --danger: #f2b8b5; --danger-fg: #3b0b08;
    --warn-bg: #3d3200; --warn-fg: #ffe08a; --mark: #6b5800; --focus: #8ab4f8; --unread: #8ab4f8;
    color-scheme: dark;
  }
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
a { color: var(--accent); }
kbd, code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em; background: var(--bg-alt); border: 1px solid var(--border); border-radius: 4px; padding: 0 4px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip-link { position: absolute; left: 8px; top: -48px; background: var(--accent); color: var(--accent-fg); padding: 8px 12px; z-index: 10; border-radius: 4px; }
.skip-link:focus { top: 8px; }
.button, button.button { display: inline-flex; align-items: center; gap: 4px; min-height: 34px; padding: 4px 12px; border: 1px solid var(--border); border-radius: 8px;
  background: var(--bg); color: var(--fg); font: inherit; text-decoration: none; cursor: pointer; }
.button:hover { background: var(--bg-hover); }
.button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; }
.button.danger { background: var(--danger); color: var(--danger-fg); border-color: var(--danger); }
.button.subtle { border-color: transparent; background: transparent; color: var(--fg); }
.button.subtle:hover { background: var(--bg-hover); }
.icon-button { min-width: 36px; min-height: 36px; border: 1px solid transparent; border-radius: 50%; background: transparent; color: var(--fg); font-size: 18px; cursor: pointer; text-decoration: none; display: inline-flex; align-items: center; justify-content: center; }
.icon-button:hover { background: var(--bg-hover); }
.inline-form { display: inline; margin: 0; }
input[type=text], input[type=email], input[type=search], input[type=password], input[type=number], select, textarea {
  font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; padding: 6px 8px; }
textarea { width: 100%; resize: vertical; }

/* Top bar */
.topbar { display: flex; align-items: center; gap: 8px; padding: 8px 12px; border-bottom: 1px solid var(--border); background: var(--bg-alt); height: 56px; }
.brand { font-weight: 700; font-size: 18px; color: var(--fg); text-decoration: none; margin-right: 8px; }
.search-form { flex: 1; max-width: 640px; }
.search-form input { width: 100%; border-radius: 20px; padding: 8px 14px; }
.sync-status { color: var(--muted); font-size: 13px; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 240px; }
.menu-toggle { display: none; }
.live-banner { background: var(--bg-current); color: var(--fg); padding: 8px 16px; border-bottom: 1px solid var(--border); }
.live-banner button { margin-left: 8px; }

/* Three panes */
.layout { display: grid; grid-template-columns: 230px 1fr; height: calc(100vh - 56px); }
.layout.no-sidebar { grid-template-columns: 1fr; }
main { display: grid; grid-template-columns: minmax(320px, 440px) 1fr; min-height: 0; height: 100%; overflow: hidden; }
main:focus { outline: none; }
body.settings main, body.compose main { display: block; overflow: auto; }
.sidebar { overflow-y: auto; border-right: 1px solid var(--border); padding: 8px 0; background: var(--bg-alt); }
.sidebar-title { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 16px 16px 4px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; }
.boxes { list-style: none; margin: 0; padding: 0; }
.boxes a { display: flex; justify-content: space-between; gap: 8px; padding: 6px 16px; color: var(--fg); text-decoration: none; border-radius: 0 16px 16px 0; margin-right: 8px; overflow: hidden; }
.boxes a span:first-child { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.boxes a:hover { background: var(--bg-hover); }
.boxes a[aria-current] { background: var(--bg-current); font-weight: 600; }
.count { font-weight: 600; font-size: 13px; }
.sidebar-footer { padding: 8px 16px; font-size: 13px; }
.list-pane { overflow-y: auto; min-height: 0; border-right: 1px solid var(--border); display: flex; flex-direction: column; }
.list-header { display: flex; align-items: center; justify-content: space-between; padding: 8px 12px 0; }
.list-header h1 { font-size: 20px; margin: 4px 0; }
.conversation-pane { overflow-y: auto; min-height: 0; padding: 0 16px 24px; }
.tabs ul { display: flex; list-style: none; margin: 0; padding: 0 8px; gap: 2px; border-bottom: 1px solid var(--border); overflow-x: auto; }
.tabs a { display: block; padding: 8px 10px; color: var(--muted); text-decoration: none; border-bottom: 3px solid transparent; white-space: nowrap; }
.tabs a[aria-current] { color: var(--accent); border-bottom-color: var(--accent); font-weight: 600; }
.batch-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px; padding: 4px 8px; border-bottom: 1px solid var(--border); }
.select-all { display: inline-flex; align-items: center; gap: 4px; padding: 0 6px; color: var(--muted); }
.selection-count { color: var(--muted); font-size: 13px; margin-left: 6px; }

/* Thread rows */
.thread-list { list-style: none; margin: 0; padding: 0; }
.thread-row { position: relative; display: grid; grid-template-columns: 28px 28px 1fr; align-items: start; border-bottom: 1px solid var(--border); padding: 6px 8px 6px 4px; }
.thread-row:hover { background: var(--bg-hover); }
.search-results .thread-row { grid-template-columns: 1fr; padding-left: 12px; }
.thread-row.current, .thread-row.kb-focus { background: var(--bg-current); box-shadow: inset 3px 0 0 var(--accent); }
.thread-row .row-select { margin: 12px 6px 0; width: 16px; height: 16px; }
.star-form { margin: 0; }
.star { background: none; border: none; font-size: 18px; color: var(--muted); cursor: pointer; padding: 6px 2px; min-width: 28px; min-height: 32px; }
.star.on { color: #8a5d00; }
html[data-theme="dark"] .star.on { color: #f7c948; }
@media (prefers-color-scheme: dark) { html[data-theme="system"] .star.on { color: #f7c948; } }
.thread-link { display: grid; grid-template-columns: 36px 1fr auto; grid-template-areas: "av who meta" "av line line"; column-gap: 8px; color: var(--fg); text-decoration: none; min-width: 0; padding: 2px 0; }
.avatar { grid-area: av; width: 32px; height: 32px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 13px; font-weight: 700; color: #fff; background: #5f6b7a; }
.avatar.a0 { background: #1f5fae; } .avatar.a1 { background: #8a3ab9; } .avatar.a2 { background: #0f766e; } .avatar.a3 { background: #a33a1c; }
.avatar.a4 { background: #4d6b12; } .avatar.a5 { background: #9b2c5a; } .avatar.a6 { background: #5a4bb5; } .avatar.a7 { background: #6b5313; }
.senders { grid-area: who; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.line { grid-area: line; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--muted); }
.line .subject { color: var(--fg); }
.meta { grid-area: meta; display: flex; gap: 6px; align-items: center; color: var(--muted); font-size: 13px; white-space: nowrap; }
.msg-count { color: var(--muted); font-size: 13px; }
.thread-row.unread .senders, .thread-row.unread .subject, .thread-row.unread time { font-weight: 700; color: var(--fg); }
.thread-row.unread::before { content: ""; position: absolute; left: 2px; top: 18px; width: 6px; height: 6px; border-radius: 50%; background: var(--unread); }
.badge { display: inline-block; font-size: 12px; padding: 0 6px; border-radius: 10px; border: 1px solid var(--border); color: var(--fg); background: var(--bg-alt); }
.badge.warning { background: var(--warn-bg); color: var(--warn-fg); }
.badge.ok { color: var(--fg); }
mark { background: var(--mark); color: var(--fg); border-radius: 2px; }
.pager { display: flex; gap: 8px; justify-content: center; padding: 12px; }
.empty-state { padding: 32px 16px; color: var(--muted); text-align: center; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 8px 12px 0; margin: 0; }
.chip { border: 1px solid var(--accent); color: var(--fg); border-radius: 14px; padding: 2px 10px; font-size: 13px; }
.result-count { padding: 4px 12px; margin: 0; color: var(--muted); }
.zero-state { padding: 8px 16px; }
.zero-state h2 { font-size: 15px; }

/* Conversation */
.conversation-header { position: sticky; top: 0; background: var(--bg); padding: 12px 0 8px; border-bottom: 1px solid var(--border); z-index: 1; }
.conversation-header h2 { margin: 4px 0 8px; font-size: 22px; line-height: 1.25; overflow-wrap: anywhere; }
.conversation-actions { display: flex; flex-wrap: wrap; gap: 4px; }
.back-link { display: none; }
.summary { border: 1px solid var(--border); border-radius: 10px; padding: 8px 12px; margin: 12px 0; background: var(--bg-alt); }
.summary h3 { margin: 0 0 4px; font-size: 14px; }
/* AI in the conversation: summary on top, suggested replies at the bottom (absent without a model) */
.ai-summary { border: 1px solid var(--border); border-radius: 10px; padding: 8px 12px; margin: 12px 0; background: var(--bg-alt); }
.ai-summary h3 { margin: 0 0 4px; font-size: 14px; }
.ai-summary .summary-text { margin: 0 0 4px; }
.ai-summary .hint, .smart-replies .hint { margin: 0; font-size: 13px; color: var(--muted); }
.ai-status:empty { display: none; }
.ai-status, .ai-note { color: var(--muted); font-size: 13px; margin: 4px 0; }
.smart-replies { margin: 12px 0 4px; }
.smart-replies h3 { margin: 0 0 6px; font-size: 14px; }
.smart-reply-list { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; }
.chip.smart-reply { display: inline-block; max-width: 100%; padding: 6px 12px; border: 1px solid var(--accent); border-radius: 16px; color: var(--accent); background: var(--bg); text-decoration: none; }
.chip.smart-reply:hover { background: var(--bg-hover); }
button.chip.smart-reply { font: inherit; cursor: pointer; text-align: left; }
.composer-replies { margin: 8px 0; }
.composer-replies-title { margin: 0 0 6px; font-size: 14px; }
/* Settings › AI models */
.model-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
.model { border: 1px solid var(--border); border-radius: 10px; padding: 10px 14px; }
.model h3 { margin: 0 0 4px; font-size: 15px; }
.model-state { margin: 0 0 6px; font-weight: 600; }
.model-details, .consent-details { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 8px; font-size: 14px; }
.model-details dt, .consent-details dt { color: var(--muted); }
.model-details dd, .consent-details dd { margin: 0; overflow-wrap: anywhere; }
.hash, .url { overflow-wrap: anywhere; word-break: break-all; }
.model-progress { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin: 6px 0; }
.model-progress progress { width: min(320px, 100%); }
.model-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
.model-import { display: grid; gap: 4px; flex: 1; min-width: 260px; }
.model-import input { width: 100%; }
.consent-actions { display: flex; gap: 8px; margin-top: 12px; }
.model-progress[hidden], .smart-reply-list[hidden], .model-actions [hidden], .ai-form[hidden] { display: none; }
.messages { list-style: none; padding: 0; margin: 12px 0; }
.message { border: 1px solid var(--border); border-radius: 10px; margin-bottom: 10px; overflow: hidden; }
.message summary { display: grid; grid-template-columns: 36px auto 1fr; grid-template-areas: "av from time" "av snip snip"; column-gap: 8px; padding: 10px 12px; cursor: pointer; list-style: none; }
.message summary::-webkit-details-marker { display: none; }
.message summary .avatar { grid-area: av; }
.message summary .from { grid-area: from; font-weight: 600; }
.message summary time { grid-area: time; justify-self: end; color: var(--muted); font-size: 13px; }
.message summary .snippet { grid-area: snip; color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.message details[open] summary .snippet { display: none; }
.message.unread summary .from { color: var(--unread); }
.message-body { padding: 0 12px 12px; }
.headers { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0 0 8px; font-size: 13px; color: var(--muted); }
.headers dt { font-weight: 600; } .headers dd { margin: 0; overflow-wrap: anywhere; }
.privacy-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; background: var(--warn-bg); color: var(--warn-fg); padding: 6px 10px; border-radius: 8px; margin-bottom: 8px; font-size: 14px; }
.privacy-bar .button { color: var(--warn-fg); }
.body-frame { width: 100%; border: 1px solid var(--border); border-radius: 6px; background: #ffffff; resize: vertical; display: block; }
.body-frame.h-s { height: 220px; } .body-frame.h-m { height: 420px; } .body-frame.h-l { height: 720px; } .body-frame.h-xl { height: 1100px; }
.attachments { list-style: none; padding: 0; margin: 8px 0 0; display: flex; flex-direction: column; gap: 6px; }
.attachment { border: 1px solid var(--border); border-radius: 8px; padding: 6px 10px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
.attachment .type { color: var(--muted); font-size: 13px; }
.attachment .warning, .warning { color: var(--warn-fg); background: var(--warn-bg); border-radius: 6px; padding: 2px 6px; font-size: 13px; }
.conversation-footer { display: flex; gap: 8px; }

/* Composer, settings, onboarding */
.composer-pane, .settings-pane { max-width: 860px; padding: 12px 24px 48px; }
.composer .field { display: grid; grid-template-columns: 90px 1fr; align-items: center; gap: 8px; margin-bottom: 6px; }
.composer .field input, .composer .field select { width: 100%; }
.format-bar { display: flex; align-items: center; gap: 4px; margin: 8px 0 4px; }
.inline-check { display: inline-flex; gap: 4px; align-items: center; margin-left: 8px; }
.attachments-field { border: 2px dashed var(--border); border-radius: 8px; padding: 8px; margin-top: 8px; }
.attachments-field.drag { border-color: var(--accent); background: var(--bg-current); }
.composer-actions { display: flex; gap: 8px; align-items: center; margin-top: 12px; }
.suggestions { list-style: none; margin: 0 0 6px 98px; padding: 4px; border: 1px solid var(--border); border-radius: 6px; background: var(--bg); max-width: 480px; }
.suggestions li { padding: 4px 8px; cursor: pointer; border-radius: 4px; }
.suggestions li[aria-selected="true"], .suggestions li:hover { background: var(--bg-current); }
.hint { color: var(--muted); font-size: 13px; }
.notice { background: var(--bg-current); padding: 8px 12px; border-radius: 8px; }
.error { color: var(--danger); font-weight: 600; }
html[data-theme="light"] .error, html[data-theme="system"] .error { color: #b3261e; }
.settings-pane section { border-top: 1px solid var(--border); padding-top: 8px; margin-top: 16px; }
.settings-index ul { display: flex; flex-wrap: wrap; gap: 8px; list-style: none; padding: 0; }
.setting-form { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 8px 0; }
.setting-form > label { min-width: 180px; font-weight: 600; }
.setting-form .hint { flex-basis: 100%; margin: 0 0 0 188px; }
.saved-status { color: var(--muted); font-size: 13px; }
.js .setting-form .save { display: none; }
fieldset { border: 1px solid var(--border); border-radius: 8px; margin: 8px 0; }
legend { font-weight: 600; padding: 0 4px; }
table { border-collapse: collapse; width: 100%; margin: 8px 0; }
th, td { text-align: left; border-bottom: 1px solid var(--border); padding: 6px 8px; vertical-align: top; }
.url { overflow-wrap: anywhere; font-size: 13px; }
.danger-form { margin-top: 8px; }
.confirm { border: 2px solid var(--danger); border-radius: 8px; padding: 8px 12px; }
.toast { position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%); background: var(--fg); color: var(--bg); padding: 10px 16px; border-radius: 10px; display: flex; gap: 12px; align-items: center; z-index: 20; box-shadow: 0 4px 16px rgba(0,0,0,.3); }
.toast button { background: transparent; color: var(--bg); border: 1px solid var(--bg); border-radius: 6px; font: inherit; font-weight: 700; padding: 4px 10px; cursor: pointer; }
.toast[hidden] { display: none; }
dialog { border: 1px solid var(--border); border-radius: 12px; background: var(--bg); color: var(--fg); max-width: 560px; }
dialog::backdrop { background: rgba(0,0,0,.45); }
.shortcuts th { white-space: nowrap; }
.bare-main { display: block; height: auto; overflow: visible; max-width: 640px; margin: 40px auto; padding: 0 16px; }
.stack { display: flex; flex-direction: column; gap: 6px; max-width: 420px; }
.onboarding .steps { display: flex; gap: 8px; list-style: none; padding: 0; }
.onboarding .steps li { width: 32px; height: 32px; border-radius: 50%; border: 2px solid var(--border); display: flex; align-items: center; justify-content: center; }
.onboarding .steps li[aria-current] { border-color: var(--accent); color: var(--accent); font-weight: 700; }
.onboarding .steps li.done { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.lead { font-size: 20px; }
.warning-box { background: var(--warn-bg); color: var(--warn-fg); padding: 8px 16px; border-radius: 8px; }
.outbox-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 8px 12px; border-bottom: 1px solid var(--border); }
.outbox-row .status { color: var(--muted); }

/* Narrower windows: the sidebar slides in; phones: one pane at a time. */
@media (max-width: 1000px) {
  .layout { grid-template-columns: 1fr; }
  main { grid-template-columns: minmax(300px, 380px) 1fr; }
  .menu-toggle { display: inline-flex; }
  .sidebar { position: fixed; top: 56px; left: 0; bottom: 0; width: 260px; z-index: 5; transform: translateX(-100%); transition: transform .2s ease; box-shadow: 2px 0 12px rgba(0,0,0,.25); }
  body.sidebar-open .sidebar { transform: none; }
}
@media (max-width: 700px) {
  main { grid-template-columns: 1fr; }
  .topbar { gap: 4px; padding: 8px; }
  .brand { display: none; }
  .compose-button { padding: 4px 8px; }
  .sync-status { display: none; }
  .conversation-pane { display: none; }
  body.has-conversation .list-pane { display: none; }
  body.has-conversation .conversation-pane { display: block; }
  .back-link { display: inline-flex; }
  .composer .field { grid-template-columns: 1fr; }
  .suggestions { margin-left: 0; }
  .setting-form .hint { margin-left: 0; }
  .composer-pane, .settings-pane { padding: 8px 12px 48px; }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
}
"""#
}
