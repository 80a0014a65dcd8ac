/** Simplified Chinese texts of push notifications (the user menu's "Push notifications" dialog). */
import type { PushMessages } from './types';

const push: PushMessages = {
  title: '推送通知',
  intro: '在告警设置中开启“手机 App”渠道后，告警、告警解除和任务结束会以通知的形式发送到在此订阅的浏览器。点击通知即可打开对应的告警或任务。',
  thisBrowser: {
    heading: '此浏览器',
    on: '此浏览器会收到您的通知。',
    off: '此浏览器不会收到您的通知。',
    turnOn: '在此浏览器中开启',
    turnOff: '在此浏览器中关闭',
    turnedOn: '已在此浏览器中开启通知。',
    turnedOff: '已在此浏览器中关闭通知。',
    label: '{{system}} 上的 {{browser}}',
    someBrowser: '网页浏览器',
  },
  problems: {
    unsupported: '此浏览器无法接收推送通知。',
    insecure: '推送通知要求通过安全的 (https) 地址打开控制台。',
    noWorker: '此浏览器中的控制台尚未准备好接收通知：请重新加载页面后重试。',
    denied: '此网站的通知已被阻止：请在浏览器的网站设置中允许通知，然后重试。',
    dismissed: '未允许通知。请重试并选择“允许”。',
    unreachable: '无法连接浏览器的推送服务，请稍后重试。',
  },
  devices: {
    heading: '已订阅的浏览器',
    count: '已订阅：{{count}}/{{limit}}',
    empty: '尚未订阅任何浏览器。',
    current: '此浏览器',
    added: '添加于 {{time}}',
    lastSent: '最近通知 {{time}}',
    neverSent: '尚未发送通知',
    lastError: '最近一次发送失败：{{error}}',
    remove: '移除',
    removeNamed: '移除 {{label}}',
    removeTitle: '移除 {{label}}？',
    removeContent: '它将不再收到您的通知。',
    removed: '已移除。',
    loadFailed: '列表加载失败。',
    retry: '重试',
  },
  test: {
    send: '发送测试通知',
    result: '测试通知已发送。送达：{{sent}}，失败：{{failed}}。',
    failed: '测试通知发送失败。',
  },
  close: '关闭',
  /** why the last push to a browser failed (the server's category: core/outbound.py Failure) */
  failures: {
    rejected_address: '地址被拒绝',
    unreachable: '无法连接推送服务',
    timeout: '超时未应答',
    tls: '安全连接（TLS）失败',
    redirect: '返回了重定向（不跟随）',
    http_4xx: '被推送服务拒绝（HTTP 4xx）',
    http_5xx: '推送服务出错（HTTP 5xx）',
    bad_answer: '应答不是有效的 HTTP',
    failed: '发送失败',
  },
};

export default push;
