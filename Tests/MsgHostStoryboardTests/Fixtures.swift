import Foundation

/// A storyboard in the shape Xcode 15 writes, written for these tests: a controller with a
/// label, a button, a collection view with a prototype cell, a container view with an embed
/// segue and a show segue from a button, and the two destination scenes.
enum Fixtures {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc1-aa-001">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <scenes>
                <scene sceneID="sc1-aa-001">
                    <objects>
                        <viewController storyboardIdentifier="Board" id="vc1-aa-001" customClass="BoardViewController" customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw1-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
                                    <label opaque="NO" text="Score: &quot;0&quot;" textAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="lb1-aa-001">
                                        <rect key="frame" x="16" y="59" width="361" height="21"/>
                                        <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>
                                        <color key="textColor" systemColor="labelColor"/>
                                    </label>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="bt1-aa-001">
                                        <rect key="frame" x="16" y="88" width="80" height="44"/>
                                        <state key="normal" title="Play"/>
                                        <connections>
                                            <action selector="play:" destination="vc1-aa-001" eventType="touchUpInside" id="ac1-aa-001"/>
                                            <action selector="reset" destination="vc1-aa-001" eventType="touchDown" id="ac2-aa-001"/>
                                        </connections>
                                    </button>
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="bt2-aa-001">
                                        <rect key="frame" x="104" y="88" width="80" height="44"/>
                                        <state key="normal" title="Rules"/>
                                        <connections>
                                            <segue destination="vc3-aa-001" kind="show" identifier="ShowRules" id="sg2-aa-001"/>
                                        </connections>
                                    </button>
                                    <collectionView clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" id="cv1-aa-001">
                                        <rect key="frame" x="0.0" y="140" width="393" height="100"/>
                                        <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="fl1-aa-001">
                                            <size key="itemSize" width="80" height="80"/>
                                            <inset key="sectionInset" minX="0.0" minY="0.0" maxX="0.0" maxY="0.0"/>
                                        </collectionViewFlowLayout>
                                        <cells>
                                            <collectionViewCell opaque="NO" reuseIdentifier="Piece" id="ce1-aa-001" customClass="PieceCell" customModule="App" customModuleProvider="target">
                                                <rect key="frame" x="0.0" y="0.0" width="80" height="80"/>
                                                <collectionViewCellContentView key="contentView" opaque="NO" id="cc1-aa-001">
                                                    <rect key="frame" x="0.0" y="0.0" width="80" height="80"/>
                                                    <subviews>
                                                        <imageView clipsSubviews="YES" contentMode="scaleAspectFit" image="piece" id="iv1-aa-001">
                                                            <rect key="frame" x="0.0" y="0.0" width="80" height="80"/>
                                                        </imageView>
                                                    </subviews>
                                                </collectionViewCellContentView>
                                                <connections>
                                                    <outlet property="pieceImage" destination="iv1-aa-001" id="ot3-aa-001"/>
                                                </connections>
                                            </collectionViewCell>
                                        </cells>
                                        <connections>
                                            <outlet property="dataSource" destination="vc1-aa-001" id="ot4-aa-001"/>
                                        </connections>
                                    </collectionView>
                                    <containerView opaque="NO" contentMode="scaleToFill" id="ct1-aa-001">
                                        <rect key="frame" x="16" y="248" width="361" height="100"/>
                                        <connections>
                                            <segue destination="vc2-aa-001" kind="embed" id="sg1-aa-001"/>
                                        </connections>
                                    </containerView>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sa1-aa-001"/>
                                <constraints>
                                    <constraint firstItem="lb1-aa-001" firstAttribute="top" secondItem="sa1-aa-001" secondAttribute="top" constant="20" id="co1-aa-001"/>
                                    <constraint firstAttribute="trailing" secondItem="lb1-aa-001" secondAttribute="trailing" constant="16" id="co2-aa-001"/>
                                    <constraint firstItem="cv1-aa-001" firstAttribute="height" relation="greaterThanOrEqual" constant="100" priority="750" identifier="collection-height" id="co3-aa-001"/>
                                    <constraint firstItem="ct1-aa-001" firstAttribute="width" secondItem="vw1-aa-001" secondAttribute="width" multiplier="1:2" id="co4-aa-001"/>
                                </constraints>
                            </view>
                            <connections>
                                <outlet property="scoreLabel" destination="lb1-aa-001" id="ot1-aa-001"/>
                                <outletCollection property="controls" destination="bt1-aa-001" collectionClass="NSMutableArray" id="oc1-aa-001"/>
                                <outletCollection property="controls" destination="bt2-aa-001" collectionClass="NSMutableArray" id="oc2-aa-001"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr1-aa-001" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="sc2-aa-001">
                    <objects>
                        <viewController id="vc2-aa-001" customClass="StatsViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw2-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="361" height="100"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="sc3-aa-001">
                    <objects>
                        <viewController storyboardIdentifier="Rules" id="vc3-aa-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="vw3-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <systemColor name="labelColor">
                    <color white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
        </document>
        """

    /// The storyboard with `old` replaced by `new`, for the tests of bad input.
    static func storyboard(replacing old: String, with new: String) -> String {
        precondition(self.storyboard.contains(old), "the fixture has no \(old)")
        return self.storyboard.replacingOccurrences(of: old, with: new)
    }

    /// The line of the fixture's first occurrence of `text`.
    static func line(of text: String, in source: String = Fixtures.storyboard) -> Int {
        let prefix = source.range(of: text).map { source[..<$0.lowerBound] } ?? ""
        return prefix.filter { $0 == "\n" }.count + 1
    }
}
