/**
 * Chinese surnames and given names with their pinyin, for the generated staff of the demo
 * organisation. User names are the pinyin of the full name without tones (`zhangwei`).
 */

/** A surname: characters, pinyin, and a relative frequency weight (common surnames weigh more). */
export interface Surname {
  hanzi: string;
  pinyin: string;
  weight: number;
}

/** A given name: characters, pinyin, and the gender it usually belongs to (1 male, 2 female). */
export interface GivenName {
  hanzi: string;
  pinyin: string;
  gender: 1 | 2;
}

const S = (list: string, weight: number): Surname[] =>
  list
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [hanzi, pinyin] = pair.split(':');
      return { hanzi, pinyin, weight };
    });

/** About a hundred common surnames, weighted roughly by how common they are. */
export const SURNAMES: Surname[] = [
  ...S('王:wang 李:li 张:zhang 刘:liu 陈:chen', 10),
  ...S('杨:yang 黄:huang 赵:zhao 吴:wu 周:zhou 徐:xu 孙:sun 马:ma 朱:zhu 胡:hu', 5),
  ...S('郭:guo 何:he 高:gao 林:lin 罗:luo 郑:zheng 梁:liang 谢:xie 宋:song 唐:tang', 3),
  ...S('许:xu 韩:han 冯:feng 邓:deng 曹:cao 彭:peng 曾:zeng 肖:xiao 田:tian 董:dong', 2),
  ...S(
    `袁:yuan 潘:pan 于:yu 蒋:jiang 蔡:cai 余:yu 杜:du 叶:ye 程:cheng 苏:su 魏:wei 吕:lv 丁:ding 任:ren
     沈:shen 姚:yao 卢:lu 姜:jiang 崔:cui 钟:zhong 谭:tan 陆:lu 汪:wang 范:fan 金:jin 石:shi 廖:liao
     贾:jia 夏:xia 韦:wei 付:fu 方:fang 白:bai 邹:zou 孟:meng 熊:xiong 秦:qin 邱:qiu 江:jiang 尹:yin
     薛:xue 闫:yan 段:duan 雷:lei 侯:hou 龙:long 史:shi 陶:tao 黎:li 贺:he 顾:gu 毛:mao 郝:hao 龚:gong
     邵:shao 万:wan 钱:qian 严:yan 武:wu 戴:dai 孔:kong 向:xiang 常:chang`,
    1,
  ),
];

const G = (list: string, gender: 1 | 2): GivenName[] =>
  list
    .trim()
    .split(/\s+/)
    .map((pair) => {
      const [hanzi, pinyin] = pair.split(':');
      return { hanzi, pinyin, gender };
    });

/** Given names, one or two characters, male and female. */
export const GIVEN_NAMES: GivenName[] = [
  ...G(
    `伟:wei 强:qiang 磊:lei 军:jun 勇:yong 杰:jie 涛:tao 斌:bin 超:chao 明:ming 刚:gang 平:ping 辉:hui
     鹏:peng 华:hua 飞:fei 鑫:xin 波:bo 宇:yu 浩:hao 凯:kai 健:jian 俊:jun 帆:fan 旭:xu 宁:ning 林:lin
     阳:yang 建华:jianhua 建国:jianguo 志强:zhiqiang 志明:zhiming 海涛:haitao 文博:wenbo 子轩:zixuan
     晓东:xiaodong 国强:guoqiang 永刚:yonggang 家豪:jiahao 振华:zhenhua 立新:lixin 建军:jianjun
     俊杰:junjie 天宇:tianyu 浩然:haoran 明辉:minghui 宏伟:hongwei 德胜:desheng 国庆:guoqing
     学军:xuejun 志刚:zhigang 文杰:wenjie 少华:shaohua 振宇:zhenyu 卫东:weidong 红军:hongjun
     新民:xinmin 长青:changqing 世杰:shijie 铭:ming 昊天:haotian 泽宇:zeyu 博文:bowen`,
    1,
  ),
  ...G(
    `芳:fang 娜:na 敏:min 静:jing 丽:li 艳:yan 娟:juan 霞:xia 玲:ling 燕:yan 婷:ting 雪:xue 琳:lin
     倩:qian 颖:ying 洁:jie 慧:hui 晶:jing 萍:ping 红:hong 秀英:xiuying 桂英:guiying 丽娟:lijuan
     晓燕:xiaoyan 雅琴:yaqin 婉婷:wanting 欣怡:xinyi 思雨:siyu 梦琪:mengqi 海燕:haiyan 春梅:chunmei
     玉兰:yulan 雪梅:xuemei 佳怡:jiayi 丹丹:dandan 晓丽:xiaoli 美玲:meiling 淑珍:shuzhen 凤英:fengying
     文静:wenjing 雨婷:yuting 晓红:xiaohong 丽华:lihua 建英:jianying 秋菊:qiuju 亚楠:yanan 诗涵:shihan
     若曦:ruoxi 晓雯:xiaowen 莉:li 蕾:lei 瑶:yao 璐:lu`,
    2,
  ),
];
